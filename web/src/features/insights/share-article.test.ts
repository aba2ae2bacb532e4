import { describe, expect, it, vi } from 'vitest';
import { shareArticle, type ShareEnvironment } from './share-article';

const article = { title: 'Pricing Your Photo Packages', url: 'https://shutterlane.com/insights/pricing' };

function environment(overrides: Partial<ShareEnvironment>) {
  const env = {
    share: undefined,
    writeClipboard: vi.fn(() => Promise.resolve()),
    alert: vi.fn(),
    prompt: vi.fn(),
    ...overrides,
  };
  return env;
}

const abort = () => Object.assign(new Error('Share canceled'), { name: 'AbortError' });

describe('shareArticle', () => {
  it('uses the share sheet with the title and URL when the browser has one', async () => {
    const env = environment({ share: vi.fn(() => Promise.resolve()) });
    await shareArticle(article, env);
    expect(env.share).toHaveBeenCalledWith({ title: article.title, url: article.url });
    expect(env.writeClipboard).not.toHaveBeenCalled();
    expect(env.alert).not.toHaveBeenCalled();
  });

  it("copies the link and says 'Link copied to clipboard!' without a share sheet", async () => {
    const env = environment({});
    await shareArticle(article, env);
    expect(env.writeClipboard).toHaveBeenCalledWith(article.url);
    expect(env.alert).toHaveBeenCalledWith('Link copied to clipboard!');
  });

  it('ignores a user cancelling the share sheet', async () => {
    const env = environment({ share: vi.fn(() => Promise.reject(abort())) });
    await shareArticle(article, env);
    expect(env.writeClipboard).not.toHaveBeenCalled();
    expect(env.alert).not.toHaveBeenCalled();
    expect(env.prompt).not.toHaveBeenCalled();
  });

  it('copies the link when sharing fails for another reason', async () => {
    const env = environment({ share: vi.fn(() => Promise.reject(new Error('NotAllowedError'))) });
    await shareArticle(article, env);
    expect(env.alert).toHaveBeenCalledWith('Link copied to clipboard!');
  });

  it('shows the link to copy by hand when the clipboard is refused', async () => {
    const env = environment({ writeClipboard: vi.fn(() => Promise.reject(new Error('denied'))) });
    await shareArticle(article, env);
    expect(env.alert).not.toHaveBeenCalled();
    expect(env.prompt).toHaveBeenCalledWith('Copy this link:', article.url);
  });
});
