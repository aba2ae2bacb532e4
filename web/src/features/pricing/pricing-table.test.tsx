// @vitest-environment jsdom
// jsdom, not happy-dom: happy-dom handles <script> elements differently (what it loads, what document.scripts lists).
/** /pricing with Stripe's pricing table configured: who gets which client reference. */
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuthState } from '../../lib/auth/auth-store';
import { ServicesProvider } from '../../lib/services';
import { deferred, fakeServices } from '../../testing/fake-services';
import { testUser } from '../../testing/payment-test-user';
import { PricingPage } from './pricing-page';
import { RENEW_BEFORE_EXPIRY_MS } from './use-pricing-table-reference';
import { setTheme } from '../../lib/theme';

// The sign-in check never answers here: each test sets the auth state itself, and a check left running
// by one test must not overwrite the next one's.
vi.mock('../../lib/auth/session-loader', () => ({ loadSession: () => new Promise(() => {}) }));

const REFERENCE = `ptr_${'a'.repeat(43)}`;
const RENEWED = `ptr_${'b'.repeat(43)}`;
const THIRTY_MINUTES_S = 30 * 60;

beforeEach(() => {
  vi.stubEnv('VITE_STRIPE_PRICING_TABLE_ID', 'prctbl_light');
  vi.stubEnv('VITE_STRIPE_PRICING_TABLE_ID_DARK', 'prctbl_dark');
  vi.stubEnv('VITE_STRIPE_PUBLISHABLE_KEY', 'pk_test_1');
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  resetAuthState();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  vi.useRealTimers();
  delete document.documentElement.dataset.theme;
  localStorage.clear();
});

const renderPricing = (services: ReturnType<typeof fakeServices>) =>
  render(
    <ServicesProvider services={services}>
      <MemoryRouter>
        <PricingPage />
      </MemoryRouter>
    </ServicesProvider>,
  );

const pricingTable = () => document.querySelector('stripe-pricing-table');

describe('/pricing with the Stripe pricing table', () => {
  it("passes the seller's minted reference as the client reference, never their id", async () => {
    setTheme('dark');
    resetAuthState({ status: 'ready', user: testUser() });
    const pricingTableReference = vi.fn(async () => ({
      reference: REFERENCE,
      expiresInSeconds: THIRTY_MINUTES_S,
    }));
    renderPricing(fakeServices({ pricingTableReference }));
    await vi.waitFor(() => expect(pricingTable()).not.toBeNull());
    expect(pricingTableReference).toHaveBeenCalledTimes(1);
    expect(pricingTable()?.getAttribute('pricing-table-id')).toBe('prctbl_dark');
    expect(pricingTable()?.getAttribute('customer-email')).toBe(testUser().email);
    expect(pricingTable()?.getAttribute('client-reference-id')).toBe(REFERENCE);
    expect(document.body.innerHTML).not.toContain(testUser().id);
  });

  it('shows no table to a seller until the reference is there', async () => {
    resetAuthState({ status: 'ready', user: testUser() });
    const minting = deferred<{ reference: string; expiresInSeconds: number }>();
    renderPricing(fakeServices({ pricingTableReference: () => minting.promise }));
    expect(screen.getByRole('status').textContent).toBe('Loading plans…');
    expect(pricingTable()).toBeNull();
    await act(async () => minting.resolve({ reference: REFERENCE, expiresInSeconds: THIRTY_MINUTES_S }));
    expect(pricingTable()?.getAttribute('client-reference-id')).toBe(REFERENCE);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows no table before the sign-in check has answered', () => {
    resetAuthState({ status: 'loading', user: null });
    const pricingTableReference = vi.fn();
    renderPricing(fakeServices({ pricingTableReference }));
    expect(screen.getByRole('status').textContent).toBe('Loading plans…');
    expect(pricingTable()).toBeNull();
    expect(pricingTableReference).not.toHaveBeenCalled();
  });

  it('gives a signed-out visitor the table without a reference, asking for none', () => {
    resetAuthState({ status: 'ready', user: null });
    const pricingTableReference = vi.fn();
    renderPricing(fakeServices({ pricingTableReference }));
    expect(pricingTable()?.getAttribute('pricing-table-id')).toBe('prctbl_light');
    expect(pricingTable()?.hasAttribute('client-reference-id')).toBe(false);
    expect(pricingTable()?.hasAttribute('customer-email')).toBe(false);
    expect(pricingTableReference).not.toHaveBeenCalled();
  });

  it('falls back to the plan cards, whose checkout needs no reference, when none can be had', async () => {
    resetAuthState({ status: 'ready', user: testUser() });
    const pricingTableReference = vi.fn(async () => {
      throw new Error('The service is temporarily unavailable.');
    });
    renderPricing(fakeServices({ pricingTableReference }));
    expect(await screen.findByRole('button', { name: 'Start free trial of Advanced' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start free trial of Basic' })).toBeTruthy();
    expect(pricingTable()).toBeNull();
  });

  /** A signed-in seller's pricing table on fake timers, whose reference will be renewed as RENEWED. */
  async function showTableWithRenewal() {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    resetAuthState({ status: 'ready', user: testUser() });
    const pricingTableReference = vi
      .fn()
      .mockResolvedValueOnce({ reference: REFERENCE, expiresInSeconds: THIRTY_MINUTES_S })
      .mockResolvedValueOnce({ reference: RENEWED, expiresInSeconds: THIRTY_MINUTES_S });
    renderPricing(fakeServices({ pricingTableReference }));
    await act(async () => undefined);
    return pricingTableReference;
  }

  it('renews the reference before it runs out, and the table takes the new one', async () => {
    const pricingTableReference = await showTableWithRenewal();
    expect(pricingTable()?.getAttribute('client-reference-id')).toBe(REFERENCE);

    await act(async () => vi.advanceTimersByTime(THIRTY_MINUTES_S * 1000 - RENEW_BEFORE_EXPIRY_MS - 1));
    expect(pricingTableReference).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTime(1));
    expect(pricingTableReference).toHaveBeenCalledTimes(2);
    expect(pricingTable()?.getAttribute('client-reference-id')).toBe(RENEWED);
  });

  it('renews an overdue reference as soon as the page is looked at again', async () => {
    const pricingTableReference = await showTableWithRenewal();
    // A sleeping laptop: the clock moves on, the renewal timer has not fired.
    vi.setSystemTime(Date.now() + THIRTY_MINUTES_S * 1000);
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    expect(pricingTableReference).toHaveBeenCalledTimes(2);
    expect(pricingTable()?.getAttribute('client-reference-id')).toBe(RENEWED);
  });
});
