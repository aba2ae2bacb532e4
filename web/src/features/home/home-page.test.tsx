// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HomePage } from './home-page';

beforeEach(() => {
  vi.stubEnv('VITE_SITE_ORIGIN', 'https://shutterlane.com');
  vi.stubEnv('VITE_STAGING_ORIGIN', 'https://staging.shutterlane.com');
  vi.stubEnv('VITE_APP_STORE_URL', 'https://apps.apple.com/app/shutterlane');
  vi.stubEnv('VITE_PLAY_STORE_URL', 'https://play.google.com/store/apps/details?id=com.shutterlane');
});
afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
});

const renderHome = () =>
  render(
    <MemoryRouter>
      <HomePage />
    </MemoryRouter>,
  );
const link = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

describe('HomePage', () => {
  it('has its sections in the spec order, the hero first with the flag-driven call to action', async () => {
    vi.stubEnv('VITE_FLAG_PRICING', 'true');
    vi.stubEnv('VITE_FLAG_FEATURES', 'true');
    vi.stubEnv('VITE_FLAG_APP_STORE_LINKS', 'true');
    renderHome();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Moments Captured. Memories Shared. Money Made.',
    );
    expect(screen.getByText('Effortless digital photo delivery for every occasion.')).toBeTruthy();
    // The sections below the hero render once it has painted.
    expect(screen.queryAllByRole('heading', { level: 2 })).toEqual([]);
    await screen.findByRole('heading', { level: 2, name: 'Frequently Asked Questions' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Upload at original quality, or optimized for social',
      'Share with a QR code',
      'Deliver instantly',
      'Make getting paid a breeze',
      'One team, every device',
      'Track your growth',
      'Built for every occasion',
      'Frequently Asked Questions',
    ]);
    // The hero's and the QR section's call to action.
    expect(screen.getAllByRole('link', { name: 'Get Started' }).map((a) => a.getAttribute('href'))).toEqual([
      '/pricing',
      '/pricing',
    ]);
    expect(link('Download Shutterlane on the App Store')).toBe('https://apps.apple.com/app/shutterlane');
    expect(link('Get Shutterlane on Google Play')).toBe(
      'https://play.google.com/store/apps/details?id=com.shutterlane',
    );
    expect(
      screen.getByLabelText('A phone receiving a gallery of photos, ready to download').hasAttribute('loop'),
    ).toBe(true);
    expect(link('Explore the app')).toBe('/app');
    expect(link('Read the upload guide')).toBe('/photo-upload-guide');
    expect(link('How payments work')).toBe('/how-payments-work');
    expect(link('Explore growth analytics')).toBe('/growth-analytics');
    await vi.waitFor(() => expect(document.title).toBe('Shutterlane'));
    // No content store is configured in unit tests: both content sections show their error (the first
    // import of the content client can take seconds on a busy machine).
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2), { timeout: 10_000 });
    expect(
      screen
        .getAllByRole('alert')
        .map((alert) => alert.textContent)
        .sort(),
    ).toEqual(['Failed to load FAQs.', 'Failed to load business types. Please try again later.']);
  });

  it("offers 'Join Waitlist' without pricing, and no badges or /app link when their flags are off", async () => {
    vi.stubEnv('VITE_FLAG_PRICING', 'false');
    vi.stubEnv('VITE_FLAG_FEATURES', 'false');
    vi.stubEnv('VITE_FLAG_APP_STORE_LINKS', 'false');
    renderHome();
    await screen.findByRole('heading', { level: 2, name: 'Frequently Asked Questions' });
    expect(screen.getAllByRole('link', { name: 'Join Waitlist' })[0]!.getAttribute('href')).toBe(
      '/register-interest',
    );
    expect(screen.queryByRole('list', { name: 'Get the app' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Explore the app' })).toBeNull();
  });
});
