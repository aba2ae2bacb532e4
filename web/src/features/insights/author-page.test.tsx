// @vitest-environment jsdom
// jsdom, not happy-dom: happy-dom gives some of these elements other accessible names, so role queries miss.
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthorPage } from './author-page';
import type { AuthorPosts } from './blog-api';
import { summary, stubSiteOrigins } from './test-posts';

beforeEach(stubSiteOrigins);
afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
});

function renderAuthor(url: string, loadAuthorPosts: (name: string) => Promise<AuthorPosts>) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route
          path="/insights/author/:authorName"
          element={<AuthorPage loadAuthorPosts={loadAuthorPosts} />}
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe('AuthorPage', () => {
  it("shows the author's name, article count and cards, looked up by the decoded name", async () => {
    const loadAuthorPosts = vi.fn(() =>
      Promise.resolve({ author: { name: 'Maya Okafor' }, posts: [summary(1), summary(2)] }),
    );
    renderAuthor('/insights/author/Maya%20Okafor', loadAuthorPosts);
    expect(screen.getByRole('status').textContent).toBe('Loading articles…');
    expect(await screen.findByText('2 articles')).toBeTruthy();
    expect(loadAuthorPosts).toHaveBeenCalledWith('Maya Okafor');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Maya Okafor');
    expect(screen.getAllByRole('link', { name: /^Read More: / })).toHaveLength(2);
    await vi.waitFor(() => expect(document.title).toBe('Articles by Maya Okafor | Shutterlane'));
  });

  it("says 'No articles found' for an author without articles", async () => {
    renderAuthor('/insights/author/Nobody%20Here', () => Promise.resolve({ author: null, posts: [] }));
    expect(await screen.findByText('No articles found')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Nobody Here');
  });

  it("says 'Failed to load author posts. Please try again later.' when the content store fails", async () => {
    renderAuthor('/insights/author/Maya%20Okafor', () => Promise.reject(new Error('offline')));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to load author posts. Please try again later.',
    );
  });
});
