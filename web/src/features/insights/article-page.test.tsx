// @vitest-environment jsdom
// jsdom, not happy-dom: happy-dom gives some of these elements other accessible names, so role queries miss.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ArticlePage } from './article-page';
import type { Post } from './blog-api';
import { post, stubSiteOrigins } from './test-posts';

beforeEach(stubSiteOrigins);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

function renderArticle(loadPost: (slug: string) => Promise<Post | null>) {
  render(
    <MemoryRouter initialEntries={['/insights/same-day-delivery']}>
      <Routes>
        <Route path="/insights/:slug" element={<ArticlePage loadPost={loadPost} />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('ArticlePage', () => {
  it('shows the article: categories, title, excerpt, date, author card, body and back link', async () => {
    const loadPost = vi.fn(() => Promise.resolve(post()));
    renderArticle(loadPost);
    expect(screen.getByRole('status').textContent).toBe('Loading article…');
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(loadPost).toHaveBeenCalledWith('same-day-delivery');
    expect(heading.textContent).toBe('Why Same-Day Delivery Sells More Photos');
    expect(
      screen.getByText('The moment after an experience is when people most want their photos.'),
    ).toBeTruthy();
    expect(screen.getByText('October 14, 2026')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /Business|Workflow|Industry Guides/ })).toHaveLength(3);
    const author = screen.getByRole('link', { name: /More articles by Maya Okafor/ });
    expect(author.getAttribute('href')).toBe('/insights/author/Maya%20Okafor');
    expect(screen.getByText('Interest has a half-life.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Insights/ }).getAttribute('href')).toBe('/insights');
    await vi.waitFor(() =>
      expect(document.title).toBe('Why Same-Day Delivery Sells More Photos | Shutterlane'),
    );
  });

  it("copies the link and alerts 'Link copied to clipboard!' when the browser cannot share", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderArticle(() => Promise.resolve(post()));
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Link copied to clipboard!'));
    expect(writeText).toHaveBeenCalledWith(window.location.href);
  });

  it("shows 'Blog post not found' for an unknown slug", async () => {
    renderArticle(() => Promise.resolve(null));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Blog post not found');
    expect(
      screen.getByText("The article you're looking for doesn't exist or has been removed."),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Insights/ })).toBeTruthy();
  });

  it("says 'Failed to load article. Please try again later.' when the content store fails", async () => {
    renderArticle(() => Promise.reject(new Error('offline')));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to load article. Please try again later.',
    );
  });
});
