// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServicesProvider } from '../lib/services';
import { fakeServices } from '../testing/fake-services';
import { AppRoutes } from './router';

function renderApp(path: string) {
  render(
    <ServicesProvider services={fakeServices({ publicOrder: () => new Promise(() => undefined) })}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </ServicesProvider>,
  );
}

beforeEach(() => {
  vi.stubEnv('VITE_SUPPORT_EMAIL', 'help@shutterlane.test');
  vi.stubEnv('VITE_SITE_ORIGIN', 'https://shutterlane.com');
  vi.stubEnv('VITE_STAGING_ORIGIN', 'https://staging.shutterlane.com');
});

afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
});

describe('AppRoutes', () => {
  it.each([
    ['/', 'Moments Captured. Memories Shared. Money Made.'],
    ['/orders/order_12345678', 'Loading Your Photos'],
    ['/orders', 'Access Your Photos'],
    ['/checkout/success/order_12345678', 'Thank You!'],
    ['/checkout/cancel', 'Payment Cancelled'],
    ['/no/such/page', 'Page Not Found'],
  ])('%s shows %j inside the chrome', async (path, title) => {
    renderApp(path);
    // Each page is a lazy import: on a loaded machine the first one (the home page's) takes seconds.
    expect((await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).textContent).toBe(title);
    expect(screen.getByRole('link', { name: 'Shutterlane home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it('shows the subline on the home page', async () => {
    renderApp('/');
    expect(await screen.findByText('Effortless digital photo delivery for every occasion.')).toBeTruthy();
  });
});
