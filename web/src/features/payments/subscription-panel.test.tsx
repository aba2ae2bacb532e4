// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServicesProvider } from '../../lib/services';
import { fakeServices } from '../../testing/fake-services';
import { SubscriptionPanel } from './subscription-panel';
import { testUser } from '../../testing/payment-test-user';
import { TrialBanner } from './trial-banner';
import { UsageCard } from './usage-card';

afterEach(cleanup);

const renderWith = (services: ReturnType<typeof fakeServices>, node: React.ReactNode) =>
  render(
    <ServicesProvider services={services}>
      <MemoryRouter>{node}</MemoryRouter>
    </ServicesProvider>,
  );

const trialing = testUser({
  subscription: {
    hasSubscription: true,
    isTrial: true,
    status: 'trialing',
    plan: 'basic',
    startDate: '2026-11-22T00:00:00.000Z',
    trialEndDate: '2026-12-06T00:00:00.000Z',
  },
  entitlements: { monthlyPhotoUploadLimit: 1_000, currentMonthUploads: 1_500 },
});

describe('subscription panel', () => {
  it("without a subscription: 'No active subscription' and 'View Pricing Plans'", () => {
    renderWith(fakeServices({}), <SubscriptionPanel user={testUser()} />);
    expect(screen.getByText('No active subscription')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Pricing Plans' }).getAttribute('href')).toBe('/pricing');
  });

  it("with one: plan and status, and 'Manage Subscription' opens the billing portal in a new tab", async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const billingPortal = vi.fn(async () => ({ url: 'https://billing.test/p/session/1' }));
    renderWith(fakeServices({ billingPortal }), <SubscriptionPanel user={trialing} withDates />);
    expect(screen.getByText('Basic')).toBeTruthy();
    expect(screen.getByText('Free trial')).toBeTruthy();
    expect(screen.getByText('Trial ends')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Manage Subscription' }));
    await vi.waitFor(() => expect(tab.location.href).toBe('https://billing.test/p/session/1'));
    open.mockRestore();
  });

  it('closes the empty tab and shows the message when the portal cannot be opened', async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const billingPortal = vi.fn(async () => {
      throw new Error('There is no subscription to manage yet.');
    });
    renderWith(fakeServices({ billingPortal }), <SubscriptionPanel user={trialing} />);
    fireEvent.click(screen.getByRole('button', { name: 'Manage Subscription' }));
    expect((await screen.findByRole('alert')).textContent).toBe('There is no subscription to manage yet.');
    expect(tab.close).toHaveBeenCalled();
    open.mockRestore();
  });
});

describe('trial banner and usage', () => {
  it("shows 'Free Trial Active' with the end date and 'Upgrade Now' only in a trial", () => {
    renderWith(fakeServices({}), <TrialBanner user={trialing} />);
    expect(screen.getByText('Free Trial Active')).toBeTruthy();
    expect(screen.getByText('Your free trial ends on December 6, 2026.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upgrade Now' })).toBeTruthy();
    cleanup();
    renderWith(fakeServices({}), <TrialBanner user={testUser()} />);
    expect(screen.queryByText('Free Trial Active')).toBeNull();
  });

  it('caps the usage bar at 100% and says whether card payments are included', () => {
    renderWith(fakeServices({}), <UsageCard user={trialing} />);
    expect(screen.getByText('Usage & Entitlements')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('value')).toBe('100');
    expect(screen.getByText('Not included (Advanced plan)')).toBeTruthy();
  });
});
