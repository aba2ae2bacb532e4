/**
 * Sharing an article (spec section 4): the system share sheet with the title and URL; without one,
 * the link is copied and 'Link copied to clipboard!' is shown. A user cancelling the share sheet
 * (AbortError) is ignored; any other share failure falls back to copying.
 */
import { contentErrors } from '#shared/texts/errors';
import { insightsTexts as texts } from './texts';

export interface ShareEnvironment {
  share?: ((data: ShareData) => Promise<void>) | undefined;
  writeClipboard?: ((text: string) => Promise<void>) | undefined;
  alert: (message: string) => void;
  /** Last resort when the clipboard is unavailable: show the link to copy by hand. */
  prompt: (message: string, value: string) => void;
}

export function browserShareEnvironment(): ShareEnvironment {
  return {
    share: typeof navigator.share === 'function' ? (data) => navigator.share(data) : undefined,
    writeClipboard: navigator.clipboard ? (text) => navigator.clipboard.writeText(text) : undefined,
    alert: (message) => window.alert(message),
    prompt: (message, value) => void window.prompt(message, value),
  };
}

const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

export async function shareArticle(
  article: { title: string; url: string },
  environment: ShareEnvironment = browserShareEnvironment(),
): Promise<void> {
  if (environment.share) {
    try {
      await environment.share({ title: article.title, url: article.url });
      return;
    } catch (error) {
      if (isAbort(error)) return;
    }
  }
  try {
    if (!environment.writeClipboard) throw new Error('No clipboard');
    await environment.writeClipboard(article.url);
    environment.alert(contentErrors.linkCopied);
  } catch {
    environment.prompt(texts.copyLinkPrompt, article.url);
  }
}
