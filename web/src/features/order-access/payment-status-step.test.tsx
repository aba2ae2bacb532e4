// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderStatusReasonTexts } from '#shared/texts/errors';
import type { PublicOrder } from '#shared/schemas/order';
import type { ApiClient } from '../../lib/api-client';
import { ServicesProvider } from '../../lib/services';
import { orderAccessTexts as texts } from './texts';
import { fakeServices } from '../../testing/fake-services';
import { OrderAccessRoute } from './order-access-route';

const ORDER_ID = 'order_12345678';
const STRIPE_URL = 'https://checkout.stripe.test/c/pay/cs_test_2';

const anOrder = (overrides: Partial<PublicOrder>): PublicOrder => ({
  orderId: ORDER_ID,
  status: 'PENDING',
  photos: [],
  currency: 'GBP',
  total: 12.5,
  orderType: 'PAID_ORDER',
  expiresAt: '2030-01-01T00:00:00.000Z',
  ...overrides,
});

function renderOrder(publicOrder: ApiClient['publicOrder']) {
  const services = fakeServices({ publicOrder });
  render(
    <ServicesProvider services={services}>
      <MemoryRouter initialEntries={[`/orders/${ORDER_ID}`]}>
        <Routes>
          <Route path="/orders/:orderId" element={<OrderAccessRoute />} />
        </Routes>
      </MemoryRouter>
    </ServicesProvider>,
  );
  return { ...services, user: userEvent.setup() };
}

/** The payment status step is on screen with its heading focused and the reason said as a status. */
async function expectPaymentStep(heading: string, reason: string) {
  await waitFor(() => expect(document.querySelector('[data-step]')?.getAttribute('data-step')).toBe('9'));
  const h1 = screen.getByRole('heading', { level: 1 });
  expect(h1.textContent).toBe(heading);
  await waitFor(() => expect(document.activeElement).toBe(h1));
  expect(screen.getByRole('status').textContent).toBe(reason);
}

beforeEach(() => vi.stubEnv('VITE_SUPPORT_EMAIL', 'help@shutterlane.test'));
afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
});

describe('the customer’s order page says what happened to the payment', () => {
  it.each([
    ['REFUNDED', 'REFUNDED'],
    ['REFUNDED', 'DISPUTE_LOST'],
    ['DISPUTED', 'DISPUTE_OPEN'],
  ] as const)(
    '%s (%s): why the photos are not available, with support and no way to pay',
    async (status, reason) => {
      renderOrder(async () => anOrder({ status, statusReason: reason }));
      await expectPaymentStep(texts.paymentHeadings[reason], orderStatusReasonTexts[reason]);
      expect(screen.queryByRole('button', { name: texts.payAgain })).toBeNull();
      const support = screen.getByRole('link', { name: texts.contactSupport });
      expect(support.getAttribute('href')).toBe(
        `mailto:help@shutterlane.test?subject=${encodeURIComponent(texts.paymentSupportSubject(ORDER_ID))}`,
      );
    },
  );

  it('a delayed payment on its way: says so, and checks again on request', async () => {
    const publicOrder = vi
      .fn<ApiClient['publicOrder']>()
      .mockResolvedValueOnce(anOrder({ status: 'PROCESSING', statusReason: 'PAYMENT_PROCESSING' }))
      .mockResolvedValueOnce(anOrder({ status: 'FULFILLED' }));
    const { user } = renderOrder(publicOrder);
    await expectPaymentStep(
      texts.paymentHeadings.PAYMENT_PROCESSING,
      orderStatusReasonTexts.PAYMENT_PROCESSING,
    );
    await user.click(screen.getByRole('button', { name: texts.checkAgain }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(texts.completedHeading),
    );
    expect(publicOrder).toHaveBeenCalledTimes(2);
  });

  it('a failed payment: says nothing was charged and pays again only when asked', async () => {
    const { user, assignLocation } = renderOrder(async () =>
      anOrder({
        statusReason: 'PAYMENT_FAILED',
        nextStep: 'REDIRECT_TO_STRIPE',
        stripeCheckoutUrl: STRIPE_URL,
      }),
    );
    await expectPaymentStep(texts.paymentHeadings.PAYMENT_FAILED, orderStatusReasonTexts.PAYMENT_FAILED);
    expect(assignLocation).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: texts.payAgain }));
    expect(assignLocation).toHaveBeenCalledWith(STRIPE_URL);
  });
});
