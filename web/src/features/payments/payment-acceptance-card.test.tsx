// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONNECT_POLL_INTERVAL_MS, CONNECT_POLL_MAX_ATTEMPTS } from '#shared/rules/constants';
import { connectErrors } from '#shared/texts/errors';
import type { User } from '#shared/schemas/user';
import { ApiError } from '../../lib/api-client';
import { ServicesProvider } from '../../lib/services';
import { paymentTexts } from './texts';
import { fakeServices } from '../../testing/fake-services';
import { LocationProbe } from '../../testing/location-probe';
import { PaymentAcceptanceCard } from './payment-acceptance-card';
import { advancedUser, testUser } from '../../testing/payment-test-user';
import type { ConnectStatusAnswer } from './use-connect-status';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderCard(services: ReturnType<typeof fakeServices>, user: User, path = '/dashboard') {
  render(
    <ServicesProvider services={services}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/dashboard"
            element={
              <>
                <PaymentAcceptanceCard user={user} />
                <LocationProbe />
              </>
            }
          />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </ServicesProvider>,
  );
}

const withStatus = (answer: ConnectStatusAnswer) => {
  const connectStatus = vi.fn(async () => answer);
  const connectOnboarding = vi.fn(async () => ({
    message: 'ok',
    onboardingUrl: 'https://stripe.test/onboard',
  }));
  return { services: fakeServices({ connectStatus, connectOnboarding }), connectStatus, connectOnboarding };
};

describe('Payment Acceptance card', () => {
  it("without the entitlement shows 'Advanced Subscription Required' leading to /pricing, and asks nothing", async () => {
    const { services, connectStatus } = withStatus({ status: 'not_started' });
    renderCard(services, testUser());
    expect(screen.getByText('Advanced Subscription Required')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'View Pricing Plans' }));
    expect(screen.getByTestId('location').textContent).toBe('/pricing');
    expect(connectStatus).not.toHaveBeenCalled();
  });

  it("not_started: 'Set Up Payment Acceptance' with 'Set Up Payments', which goes to Stripe's onboarding", async () => {
    const { services, connectOnboarding } = withStatus({ status: 'not_started' });
    renderCard(services, advancedUser());
    expect(await screen.findByText('Set Up Payment Acceptance')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Set Up Payments' }));
    await vi.waitFor(() =>
      expect(services.assignLocation).toHaveBeenCalledWith('https://stripe.test/onboard'),
    );
    expect(connectOnboarding).toHaveBeenCalledTimes(1);
  });

  it("not_started with an onboarding URL offers 'Continue Setup'", async () => {
    renderCard(
      withStatus({ status: 'not_started', onboardingUrl: 'https://stripe.test/x' }).services,
      advancedUser(),
    );
    expect(await screen.findByRole('button', { name: 'Continue Setup' })).toBeTruthy();
  });

  it("pending: 'Setup In Progress' with 'Continue Setup' and 'View Dashboard' when a dashboard URL is known", async () => {
    renderCard(
      withStatus({ status: 'pending', dashboardUrl: 'https://stripe.test/express' }).services,
      advancedUser(),
    );
    expect(await screen.findByText('Setup In Progress')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue Setup' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'View Dashboard' })).toBeTruthy();
    cleanup();
    renderCard(withStatus({ status: 'pending' }).services, advancedUser());
    expect(await screen.findByText('Setup In Progress')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'View Dashboard' })).toBeNull();
  });

  it("active: 'Payment Acceptance Active' with a dashboard button, the fee and the payout timing", async () => {
    renderCard(
      withStatus({ status: 'active', dashboardUrl: 'https://stripe.test/express' }).services,
      advancedUser(),
    );
    expect(await screen.findByText('Payment Acceptance Active')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open Stripe Dashboard' })).toBeTruthy();
    // The seller bears Stripe's fee on top of our 5%, and is paid 28 days after the payment.
    expect(paymentTexts.feeAndPayout).toMatch(/Stripe's card fee and Shutterlane's 5%.*28 days after/);
    expect(screen.getByText(paymentTexts.feeAndPayout)).toBeTruthy();
  });

  it("restricted: 'Resolve Issues' with a dashboard URL, otherwise 'Complete Setup' restarting onboarding", async () => {
    renderCard(
      withStatus({ status: 'restricted', dashboardUrl: 'https://stripe.test/e' }).services,
      advancedUser(),
    );
    expect(await screen.findByText('Account Restricted')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resolve Issues' })).toBeTruthy();
    cleanup();
    const { services, connectOnboarding } = withStatus({ status: 'restricted' });
    renderCard(services, advancedUser());
    fireEvent.click(await screen.findByRole('button', { name: 'Complete Setup' }));
    await vi.waitFor(() => expect(connectOnboarding).toHaveBeenCalled());
  });

  it('opens the dashboard link in a new tab after 300 ms', async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderCard(
      withStatus({ status: 'active', dashboardUrl: 'https://stripe.test/express' }).services,
      advancedUser(),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Open Stripe Dashboard' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await vi.waitFor(() => expect(tab.location.href).toBe('https://stripe.test/express'));
    expect(tab.opener).toBeNull();
    open.mockRestore();
  });

  it('shows the status failure', async () => {
    const connectStatus = vi.fn(async () => {
      throw new ApiError('boom', 500, 'Internal');
    });
    renderCard(fakeServices({ connectStatus }), advancedUser());
    expect((await screen.findByRole('alert')).textContent).toBe(connectErrors.statusFailed);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('after a return polls every 2 s until a dashboard URL arrives, with the success message; the flags are removed', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const connectStatus = vi.fn(async (): Promise<ConnectStatusAnswer> => {
      calls += 1;
      return calls < 3
        ? { status: 'not_started' }
        : { status: 'active', dashboardUrl: 'https://stripe.test/e' };
    });
    renderCard(fakeServices({ connectStatus }), advancedUser(), '/dashboard?connect_success=true&tab=1');
    await act(async () => {});
    expect(
      screen.getByText('Payment setup completed successfully! Your account is now ready to accept payments.'),
    ).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/dashboard?tab=1');
    expect(connectStatus).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(CONNECT_POLL_INTERVAL_MS));
    expect(connectStatus).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(CONNECT_POLL_INTERVAL_MS));
    expect(connectStatus).toHaveBeenCalledTimes(3);
    expect(screen.getByText('Payment Acceptance Active')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(CONNECT_POLL_INTERVAL_MS * 5));
    expect(connectStatus).toHaveBeenCalledTimes(3);
  });

  it('gives up after 15 attempts, and shows the refresh message after connect_refresh', async () => {
    vi.useFakeTimers();
    const connectStatus = vi.fn(async (): Promise<ConnectStatusAnswer> => ({ status: 'not_started' }));
    renderCard(fakeServices({ connectStatus }), advancedUser(), '/dashboard?connect_refresh=true');
    await act(async () => {});
    expect(screen.getByText('Payment setup refreshed. Please complete any remaining steps.')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(CONNECT_POLL_INTERVAL_MS * 30));
    expect(connectStatus).toHaveBeenCalledTimes(CONNECT_POLL_MAX_ATTEMPTS);
    expect(screen.getByTestId('location').textContent).toBe('/dashboard');
  });

  it('does not poll without a return flag', async () => {
    vi.useFakeTimers();
    const connectStatus = vi.fn(async (): Promise<ConnectStatusAnswer> => ({ status: 'not_started' }));
    renderCard(fakeServices({ connectStatus }), advancedUser());
    await act(() => vi.advanceTimersByTimeAsync(CONNECT_POLL_INTERVAL_MS * 5));
    expect(connectStatus).toHaveBeenCalledTimes(1);
  });
});
