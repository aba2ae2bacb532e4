// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { PageErrorBoundary } from './page-error-boundary';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Broken(): never {
  throw new Error('render failed');
}

it("shows 'Something went wrong. Please try again later.' when a page throws", () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  render(
    <PageErrorBoundary>
      <Broken />
    </PageErrorBoundary>,
  );
  expect(screen.getByRole('alert').textContent).toBe('Something went wrong. Please try again later.');
});

it('renders the page when nothing fails', () => {
  render(
    <PageErrorBoundary>
      <p>Page</p>
    </PageErrorBoundary>,
  );
  expect(screen.getByText('Page')).toBeTruthy();
  expect(screen.queryByRole('alert')).toBeNull();
});
