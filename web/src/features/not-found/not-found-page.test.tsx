// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { NotFoundPage } from './not-found-page';

afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
});

it("shows 'Page Not Found' with advice, a 'Return to Home' link and the contact address", () => {
  vi.stubEnv('VITE_SUPPORT_EMAIL', 'help@shutterlane.test');
  render(
    <MemoryRouter>
      <NotFoundPage />
    </MemoryRouter>,
  );
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page Not Found');
  expect(screen.getByText(/Check the URL, go back/)).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
  expect(screen.getByRole('link', { name: 'help@shutterlane.test' }).getAttribute('href')).toBe(
    'mailto:help@shutterlane.test',
  );
});
