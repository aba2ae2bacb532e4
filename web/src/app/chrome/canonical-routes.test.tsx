// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePageMeta } from '../../lib/seo/page-meta';

/** A public page (calls usePageMeta) and an auth page (does not), as in the router. */
function PublicPage() {
  usePageMeta({ title: 'Insights', description: 'Articles.' });
  return <Link to="/signin">Sign In</Link>;
}

beforeEach(() => {
  vi.stubEnv('VITE_SITE_ORIGIN', 'https://shutterlane.com');
  vi.stubEnv('VITE_STAGING_ORIGIN', 'https://staging.shutterlane.com');
});
afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
});

const canonicalLinks = () => document.head.querySelectorAll('link[rel="canonical"]');

describe('canonical links', () => {
  it('are set on a public page and removed (with its title) on the way to an auth route', () => {
    render(
      <MemoryRouter initialEntries={['/insights']}>
        <Routes>
          <Route path="insights" element={<PublicPage />} />
          <Route path="signin" element={<h1>Sign In</h1>} />
        </Routes>
      </MemoryRouter>,
    );
    expect(canonicalLinks()).toHaveLength(1);
    expect(canonicalLinks()[0]?.getAttribute('href')).toBe('https://shutterlane.com/insights');
    expect(document.title).toBe('Insights | Shutterlane');
    fireEvent.click(screen.getByRole('link', { name: 'Sign In' }));
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeTruthy();
    expect(canonicalLinks()).toHaveLength(0);
    // The public page's title and description do not stay behind on a page without its own.
    expect(document.title).toBe('Shutterlane');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Effortless digital photo delivery for every occasion.',
    );
  });
});
