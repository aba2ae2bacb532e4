// @vitest-environment jsdom
// jsdom, not happy-dom: happy-dom gives some of these elements other accessible names, so role queries miss.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Category, PostPage } from './blog-api';
import type { ListParams } from './blog-rules';
import { InsightsPage } from './insights-page';
import { summary, stubSiteOrigins } from './test-posts';

beforeEach(stubSiteOrigins);
afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
});

const categories: Category[] = [
  { _id: 'category-business', title: 'Business', slug: 'business' },
  { _id: 'category-workflow', title: 'Workflow', slug: 'workflow' },
];
const thirteen = Array.from({ length: 13 }, (_, i) => summary(i + 1));

function pageOf(params: ListParams): PostPage {
  const start = (params.page - 1) * 9;
  return { posts: thirteen.slice(start, start + 9), total: thirteen.length };
}

function renderAt(url: string, loadPosts: (params: ListParams) => Promise<PostPage>) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route
          path="/insights"
          element={<InsightsPage loadPosts={loadPosts} loadCategories={() => Promise.resolve(categories)} />}
        />
      </Routes>
    </MemoryRouter>,
  );
}

const cards = () => screen.getAllByRole('listitem').filter((item) => item.classList.contains('post-card'));

describe('InsightsPage', () => {
  it('shows loading, then 9 cards with 2 badges, date, author and Read More, and Page 1 of 2', async () => {
    renderAt('/insights', (params) => Promise.resolve(pageOf(params)));
    expect(screen.getByRole('status').textContent).toBe('Loading articles…');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Insights');
    await screen.findByText('Page 1 of 2');
    expect(cards()).toHaveLength(9);
    const first = within(cards()[0]!);
    expect(first.getByRole('link', { name: 'Post number 1' }).getAttribute('href')).toBe('/insights/post-1');
    expect(first.getAllByRole('link', { name: /Business|Workflow|Industry/ })).toHaveLength(2);
    expect(first.getByText('October 14, 2026')).toBeTruthy();
    expect(first.getByText('Maya Okafor')).toBeTruthy();
    expect(first.getByRole('link', { name: /^Read More: / }).getAttribute('href')).toBe('/insights/post-1');
    expect(screen.getByText('Previous').getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/insights?page=2');
  });

  it('moves to the next page through the URL', async () => {
    const loadPosts = vi.fn((params: ListParams) => Promise.resolve(pageOf(params)));
    renderAt('/insights', loadPosts);
    fireEvent.click(await screen.findByRole('link', { name: 'Next' }));
    await screen.findByText('Page 2 of 2');
    expect(loadPosts).toHaveBeenLastCalledWith({ category: null, page: 2 });
    expect(cards()).toHaveLength(4);
    expect(screen.getByText('Next').getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/insights');
  });

  it('filters by the category in the URL and marks its chip; All Posts leads back', async () => {
    const loadPosts = vi.fn(() => Promise.resolve({ posts: thirteen.slice(0, 3), total: 3 }));
    renderAt('/insights?category=workflow', loadPosts);
    await screen.findByRole('link', { name: 'Workflow', current: 'page' });
    expect(loadPosts).toHaveBeenCalledWith({ category: 'workflow', page: 1 });
    expect(screen.getByRole('link', { name: 'All Posts' }).getAttribute('href')).toBe('/insights');
    expect(screen.queryByText(/Page \d of/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Next' })).toBeNull();
  });

  it("says 'No articles found' when a category has none", async () => {
    renderAt('/insights?category=business', () => Promise.resolve({ posts: [], total: 0 }));
    expect((await screen.findByText('No articles found')).tagName).toBe('P');
  });

  it("says 'Failed to load articles. Please try again later.' when the content store fails", async () => {
    renderAt('/insights', () => Promise.reject(new Error('offline')));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to load articles. Please try again later.',
    );
  });
});
