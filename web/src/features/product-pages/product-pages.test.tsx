// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FeaturesPage } from './features-page';
import { GrowthAnalyticsPage } from './growth-page';
import { HowPaymentsWorkPage } from './payments-guide-page';
import { PhotoUploadGuidePage } from './upload-guide-page';

beforeEach(() => {
  vi.stubEnv('VITE_SITE_ORIGIN', 'https://shutterlane.com');
  vi.stubEnv('VITE_STAGING_ORIGIN', 'https://staging.shutterlane.com');
  vi.stubEnv('VITE_APP_STORE_URL', 'https://apps.apple.com/app/shutterlane');
  vi.stubEnv('VITE_PLAY_STORE_URL', 'https://play.google.com/store/apps/details?id=com.shutterlane');
  vi.stubEnv('VITE_FLAG_APP_STORE_LINKS', 'true');
  vi.stubEnv('VITE_FLAG_PRICING', 'true');
});
afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
});

const renderAt = (path: string, page: ReactNode) =>
  render(<MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>);
const headings = (level: number) =>
  screen.getAllByRole('heading', { level }).map((heading) => heading.textContent);
const section = (name: string) => screen.getByRole('region', { name });

describe('product pages', () => {
  it('/features shows the badges, the call to action, the feature cards, and no “Coming soon” while everything ships', () => {
    renderAt('/features', <FeaturesPage />);
    expect(headings(1)).toEqual(['App & Features']);
    expect(document.title).toBe('App & Features | Shutterlane');
    expect(screen.getByRole('link', { name: 'Download Shutterlane on the App Store' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/pricing');
    const features = within(section('Features'))
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(features).toEqual(
      expect.arrayContaining([
        'Upload at any quality',
        'QR code sharing',
        'Card checkout',
        'Instant delivery',
        'ZIP download',
        'Teams on every device',
        'Offline queue',
        'Auto-import',
        'Public galleries',
        'Find my photos',
        'Earnings dashboard',
        'Expiry reminders',
        'Paid extensions',
        'What customers did',
        'Stripe payouts',
      ]),
    );
    // What ships is a feature; "Coming soon" keeps only what does not, and everything ships now.
    expect(screen.queryByRole('region', { name: 'Coming soon' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Install the seller app' })).toBeNull();
  });

  it('/app without store listings shows no badge and explains how to install the seller app from the browser', () => {
    vi.stubEnv('VITE_APP_STORE_URL', '');
    vi.stubEnv('VITE_PLAY_STORE_URL', '');
    renderAt('/app', <FeaturesPage />);
    expect(screen.queryByRole('list', { name: 'Get the app' })).toBeNull();
    const install = within(section('Install the seller app'));
    expect(install.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'iPhone and iPad',
      'Android',
      'Computer',
    ]);
    expect(install.getByText('In Safari, tap Share, then Add to Home Screen.')).toBeTruthy();
  });

  it('shows only the badge of a store whose listing is configured', () => {
    vi.stubEnv('VITE_PLAY_STORE_URL', '');
    renderAt('/app', <FeaturesPage />);
    const badges = within(screen.getByRole('list', { name: 'Get the app' })).getAllByRole('link');
    expect(badges.map((badge) => badge.getAttribute('href'))).toEqual([
      'https://apps.apple.com/app/shutterlane',
    ]);
    expect(screen.queryByRole('region', { name: 'Install the seller app' })).toBeNull();
  });

  it("/how-payments-work gives the spec's figures: 5% commission, 28-day payouts, 5-10 minutes, 1-2 business days", () => {
    renderAt('/how-payments-work', <HowPaymentsWorkPage />);
    expect(headings(1)).toEqual(['How Payments Work']);
    const facts = screen.getByLabelText('Payments at a glance');
    expect(facts.textContent).toContain('5% per successful transaction, plus Stripe’s fees');
    expect(facts.textContent).toContain('28 days after the customer pays');
    expect(facts.textContent).toContain('About 5-10 minutes');
    expect(facts.textContent).toContain('Usually instant, at most 1-2 business days');
    expect(screen.getByText(/on a £20.00 order Shutterlane’s commission is £1.00/)).toBeTruthy();
    expect(screen.getByText(/downgrade takes effect at the next billing period/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe('/support');
  });

  it('/how-payments-work says where refunds, disputes and a negative balance fall: the seller’s Stripe balance, Stripe past it', () => {
    renderAt('/how-payments-work', <HowPaymentsWorkPage />);
    const refunds = section('Refunds and disputes');
    expect(refunds.textContent).toMatch(/come out of your Stripe balance/);
    expect(refunds.textContent).toMatch(/Stripe recovers it .*Shutterlane does not cover it/);
    expect(refunds.textContent).not.toMatch(/destination/i);
  });

  it('/photo-upload-guide has the four steps in order', () => {
    renderAt('/photo-upload-guide', <PhotoUploadGuidePage />);
    expect(headings(1)).toEqual(['Photo Upload Guide']);
    const steps = within(section('Four steps')).getAllByRole('listitem');
    expect(steps.map((step) => within(step).getByRole('heading').textContent)).toEqual([
      'Transfer photos',
      'Create event',
      'Choose original or optimized quality',
      'Select from gallery or file system',
    ]);
    expect(screen.getByText(/at most 2048 px on the longest side/)).toBeTruthy();
  });

  it('/growth-analytics lists what the earnings dashboard tracks', () => {
    renderAt('/growth-analytics', <GrowthAnalyticsPage />);
    expect(headings(1)).toEqual(['Growth Analytics']);
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(
      /earnings dashboard/,
    );
    expect(
      within(section('What it tracks'))
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      'Sales',
      'Month by month',
      'Best sellers',
      'Sales exports',
      'Every order',
      'Payouts',
      'Paid, free and waiting',
      'Upload usage',
      'Your team',
    ]);
  });
});
