// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetAuthState } from '../../lib/auth/auth-store';
import { ServicesProvider } from '../../lib/services';
import { fakeServices } from '../../testing/fake-services';
import { advancedUser, testUser } from '../../testing/payment-test-user';
import { PricingPage } from './pricing-page';

afterEach(() => {
  cleanup();
  resetAuthState();
  vi.unstubAllEnvs();
  delete document.documentElement.dataset.theme;
});

const renderPricing = (services: ReturnType<typeof fakeServices>) =>
  render(
    <ServicesProvider services={services}>
      <MemoryRouter>
        <PricingPage />
      </MemoryRouter>
    </ServicesProvider>,
  );

describe('/pricing', () => {
  it('shows the plans with GBP prices and a sign-in prompt to signed-out visitors', () => {
    resetAuthState({ status: 'ready', user: null });
    renderPricing(fakeServices({}));
    expect(screen.getByRole('heading', { name: 'Basic' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Advanced' })).toBeTruthy();
    expect(screen.getByText('£9.00 / month')).toBeTruthy();
    expect(screen.getByText('£24.00 / month')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Sign in to choose a plan' })).toHaveLength(2);
    expect(screen.getByText(/5% per successful transaction plus payment-provider fees/)).toBeTruthy();
  });

  it('starts a subscription checkout for the signed-in seller and goes to Stripe', async () => {
    resetAuthState({ status: 'ready', user: testUser() });
    const subscriptionCheckout = vi.fn(async () => ({ url: 'https://checkout.test/c/pay/cs_1' }));
    const services = fakeServices({ subscriptionCheckout });
    renderPricing(services);
    fireEvent.click(screen.getByRole('button', { name: 'Start free trial of Advanced' }));
    await vi.waitFor(() =>
      expect(services.assignLocation).toHaveBeenCalledWith('https://checkout.test/c/pay/cs_1'),
    );
    expect(subscriptionCheckout).toHaveBeenCalledWith(undefined, { plan: 'advanced' });
  });

  it('marks the current plan and offers a switch to the other', () => {
    resetAuthState({ status: 'ready', user: advancedUser() });
    renderPricing(fakeServices({}));
    expect(screen.getByText('Your current plan')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Switch to Basic' })).toBeTruthy();
  });

  it('shows why a checkout could not start', async () => {
    resetAuthState({ status: 'ready', user: testUser() });
    const subscriptionCheckout = vi.fn(async () => {
      throw new Error('The payment provider could not be reached. Please try again in a moment.');
    });
    renderPricing(fakeServices({ subscriptionCheckout }));
    fireEvent.click(screen.getByRole('button', { name: 'Start free trial of Basic' }));
    expect((await screen.findByRole('alert')).textContent).toContain('could not be reached');
    expect(screen.getByRole('button', { name: 'Start free trial of Basic' })).toBeTruthy();
  });

  it("offers 'Need something custom?' with 'Contact Sales' linking to /support", () => {
    resetAuthState({ status: 'ready', user: null });
    renderPricing(fakeServices({}));
    expect(screen.getByRole('heading', { name: 'Need something custom?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact Sales' }).getAttribute('href')).toBe('/support');
  });
});
