// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, type InitialEntry } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderErrors, orderStatusReasonTexts } from '#shared/texts/errors';
import type { PublicOrder } from '#shared/schemas/order';
import { ApiError, type ApiClient } from '../../lib/api-client';
import { ServicesProvider } from '../../lib/services';
import { deferred, fakeServices } from '../../testing/fake-services';
import { LocationProbe } from '../../testing/location-probe';
import { OrderAccessRoute } from './order-access-route';

const ORDER_ID = 'order_12345678';
const SUPPORT = 'help@shutterlane.test';

const photos = [1, 2, 3].map((n) => ({
  photoId: `photo_${n}000000`,
  thumbnailUrl: `https://img.test/${n}.jpg`,
}));

function anOrder(overrides: Partial<PublicOrder> = {}): PublicOrder {
  return {
    orderId: ORDER_ID,
    status: 'PENDING',
    photos,
    currency: 'GBP',
    total: 12.5,
    orderType: 'PAID_ORDER',
    expiresAt: '2030-01-01T00:00:00.000Z',
    ...overrides,
  };
}
const freeOrder = () => anOrder({ nextStep: 'COLLECT_EMAIL', total: 0, orderType: 'FREE_ORDER' });
const summaryOrder = () =>
  anOrder({ nextStep: 'REDIRECT_TO_STRIPE', sessionId: 'cs_test_1', customerEmail: 'ann@example.com' });

type Api = Partial<Pick<ApiClient, 'publicOrder' | 'validateCheckout' | 'completeCheckout' | 'buyExtension'>>;

function renderScreen(
  api: Api,
  entry: InitialEntry = `/orders/${ORDER_ID}`,
  services: ReturnType<typeof fakeServices> = fakeServices(api),
) {
  const page = (element: ReactNode) => (
    <>
      {element}
      <LocationProbe />
    </>
  );
  render(
    <ServicesProvider services={services}>
      <MemoryRouter initialEntries={['/previous', entry]} initialIndex={1}>
        <Routes>
          <Route path="/orders" element={page(<OrderAccessRoute />)} />
          <Route path="/orders/:orderId" element={page(<OrderAccessRoute />)} />
          <Route path="*" element={page(null)} />
        </Routes>
      </MemoryRouter>
    </ServicesProvider>,
  );
  return { ...services, user: userEvent.setup() };
}

const stepOf = () => document.querySelector('[data-step]')?.getAttribute('data-step');
const heading = () => screen.getByRole('heading', { level: 1 });
const location = () => screen.getByTestId('location').textContent;
const navigationType = () => screen.getByTestId('navigation-type').textContent;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

async function expectStep(step: number, title: string) {
  await waitFor(() => expect(stepOf()).toBe(String(step)));
  expect(heading().textContent).toBe(title);
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  await waitFor(() => expect(document.activeElement).toBe(heading()));
}

beforeEach(() => {
  vi.stubEnv('VITE_SUPPORT_EMAIL', SUPPORT);
});

afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
});

describe('opening an order (step 0)', () => {
  it('shows the start step with progress while the human check and the order call run', async () => {
    const pending = deferred<PublicOrder>();
    const publicOrder = vi.fn(() => pending.promise);
    const { executeCaptcha } = renderScreen({ publicOrder });

    await expectStep(0, 'Access Your Photos');
    expect(screen.getByRole('status').textContent).toBe('Checking your order…');
    expect(button('Access Photos').disabled).toBe(true);
    await waitFor(() =>
      expect(publicOrder).toHaveBeenCalledWith(
        { orderId: ORDER_ID },
        { captchaToken: 'token-public_order_check' },
      ),
    );
    expect(executeCaptcha).toHaveBeenCalledWith('public_order_check');

    pending.resolve(freeOrder());
    await expectStep(1, 'Enter Your Email');
  });

  it('offers a retry with the spec text when the check fails', async () => {
    const publicOrder = vi
      .fn<ApiClient['publicOrder']>()
      .mockRejectedValueOnce(new ApiError('Order not found', 404, 'Not Found'))
      .mockResolvedValueOnce(freeOrder());
    const { user } = renderScreen({ publicOrder });

    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Failed to check order. Please try again.'),
    );
    expect(stepOf()).toBe('0');
    expect(screen.queryByRole('status')).toBeNull();
    expect(button('Access Photos').disabled).toBe(false);

    await user.click(button('Access Photos'));
    await expectStep(1, 'Enter Your Email');
    expect(publicOrder).toHaveBeenCalledTimes(2);
  });

  it('shows the same text when the human check itself fails, without calling the API', async () => {
    const publicOrder = vi.fn<ApiClient['publicOrder']>();
    const services = fakeServices({ publicOrder });
    services.executeCaptcha.mockRejectedValue(new Error('captcha script failed to load'));
    renderScreen({ publicOrder }, `/orders/${ORDER_ID}`, services);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(orderErrors.orderCheckFailed));
    expect(publicOrder).not.toHaveBeenCalled();
  });

  it("says 'No order ID provided' without an order id", async () => {
    const publicOrder = vi.fn<ApiClient['publicOrder']>();
    renderScreen({ publicOrder }, '/orders');
    // Its screen is a chunk of its own, loaded on the way.
    expect((await screen.findByRole('alert')).textContent).toBe('No order ID provided');
    expect(stepOf()).toBe('0');
    expect(screen.getByRole('link', { name: 'Return to Homepage' }).getAttribute('href')).toBe('/');
    expect(publicOrder).not.toHaveBeenCalled();
  });

  it('takes the order id from navigation state', async () => {
    const publicOrder = vi.fn(async () => freeOrder());
    renderScreen({ publicOrder }, { pathname: '/orders', state: { orderId: 'from_state_123' } });
    await expectStep(1, 'Enter Your Email');
    expect(publicOrder).toHaveBeenCalledWith({ orderId: 'from_state_123' }, expect.anything());
  });
});

describe('where an opened order lands', () => {
  it('FULFILLED: step 6 with the completed text', async () => {
    renderScreen({ publicOrder: async () => anOrder({ status: 'FULFILLED', nextStep: 'COLLECT_EMAIL' }) });
    await expectStep(6, 'Order Already Completed');
    expect(screen.getByText(orderErrors.alreadyCompleted)).toBeTruthy();
    expect(
      screen.getByText(
        "This order has already been completed and fulfilled. Please check your email for the download link. If you can't find the email, try checking your spam folder.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Homepage' }).getAttribute('href')).toBe('/');
    // The order page shows a fulfilled order's photos.
    expect(screen.getByRole('link', { name: 'View My Photos' }).getAttribute('href')).toBe(
      `/orders/${ORDER_ID}`,
    );
  });

  it('EXPIRED: step 5 with the expired text, Contact Support and Return to Homepage', async () => {
    renderScreen({ publicOrder: async () => anOrder({ status: 'EXPIRED' }) });
    await expectStep(5, 'Order Expired');
    expect(
      screen.getByText(
        'This order has expired and is no longer available for checkout. Orders are typically available for 30 days.',
      ),
    ).toBeTruthy();
    const support = screen.getByRole('link', { name: 'Contact Support' });
    expect(support.getAttribute('href')).toBe(`mailto:${SUPPORT}?subject=Expired%20order%20${ORDER_ID}`);
    expect(screen.getByRole('link', { name: 'Return to Homepage' }).getAttribute('href')).toBe('/');
  });

  it('EXPIRED with a paid extension offered: buying it opens the extension’s own order to pay', async () => {
    const buyExtension = vi.fn(async () => ({ orderId: 'extension_123456' }));
    const { user } = renderScreen({
      publicOrder: async () => anOrder({ status: 'EXPIRED', extensionOffer: { price: 4.5, days: 30 } }),
      buyExtension,
    });
    await expectStep(5, 'Order Expired');
    expect(
      screen.getByText('The photographer offers 30 more days to download these photos for £4.50.'),
    ).toBeTruthy();
    await user.click(button('Extend access for £4.50'));
    await waitFor(() => expect(location()).toBe('/orders/extension_123456'));
    expect(buyExtension).toHaveBeenCalledWith({ orderId: ORDER_ID }, { captchaToken: expect.any(String) });
  });

  it('EXPIRED with a paid extension the server refuses: says why and stays', async () => {
    const refusal = 'This order cannot be extended now. Please contact the seller.';
    const { user } = renderScreen({
      publicOrder: async () => anOrder({ status: 'EXPIRED', extensionOffer: { price: 4.5, days: 30 } }),
      buyExtension: () => Promise.reject(new ApiError(refusal, 409, 'Conflict')),
    });
    await expectStep(5, 'Order Expired');
    await user.click(button('Extend access for £4.50'));
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
    expect(location()).toBe(`/orders/${ORDER_ID}`);
    expect(button('Extend access for £4.50').disabled).toBe(false);
  });

  it.each([
    ['the seller cancelled it', 'CANCELLED'],
    ['its photos were deleted', 'PHOTOS_REMOVED'],
  ] as const)('EXPIRED because %s: step 5 says the order was cancelled and why', async (_, reason) => {
    renderScreen({ publicOrder: async () => anOrder({ status: 'EXPIRED', statusReason: reason }) });
    await expectStep(5, 'Order Cancelled');
    expect(screen.getByText(orderStatusReasonTexts[reason])).toBeTruthy();
    expect(screen.queryByText(/Orders are typically available for 30 days/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Contact Support' })).toBeTruthy();
  });

  it('REDIRECT_TO_STRIPE with a URL: step 7 with progress, then the payment page', async () => {
    const url = 'https://checkout.stripe.test/c/pay/cs_1';
    const { assignLocation } = renderScreen({
      publicOrder: async () => anOrder({ nextStep: 'REDIRECT_TO_STRIPE', stripeCheckoutUrl: url }),
    });
    await expectStep(7, 'Redirecting to Payment');
    expect(screen.getByRole('status').textContent).toBe('Taking you to secure checkout…');
    expect(assignLocation).toHaveBeenCalledExactlyOnceWith(url);
  });
});

describe('step 1: email entry for free photos', () => {
  it('shows the summary with the Free Order notice and a labelled, required email input', async () => {
    renderScreen({ publicOrder: async () => freeOrder() });
    await expectStep(1, 'Enter Your Email');

    const input = screen.getByLabelText('Email address') as HTMLInputElement;
    expect(input.type).toBe('email');
    expect(input.required).toBe(true);
    expect(screen.getByText('Free Order')).toBeTruthy();
    expect(screen.getByText('3 Photos')).toBeTruthy();
    expect(screen.getByText('£0.00')).toBeTruthy();
    expect(screen.getByText('1 / 3')).toBeTruthy();
  });

  it("disables 'Access Photos' while the email is empty", async () => {
    const { user } = renderScreen({ publicOrder: async () => freeOrder() });
    await expectStep(1, 'Enter Your Email');
    expect(button('Access Photos').disabled).toBe(true);
    await user.type(screen.getByLabelText('Email address'), 'a');
    expect(button('Access Photos').disabled).toBe(false);
    await user.clear(screen.getByLabelText('Email address'));
    expect(button('Access Photos').disabled).toBe(true);
  });

  it('refuses an address without @ with the spec text and calls nothing', async () => {
    const validateCheckout = vi.fn<ApiClient['validateCheckout']>();
    const { user, executeCaptcha } = renderScreen({ publicOrder: async () => freeOrder(), validateCheckout });
    await expectStep(1, 'Enter Your Email');
    await user.type(screen.getByLabelText('Email address'), 'ann.example.com');
    await user.click(button('Access Photos'));

    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address');
    expect(validateCheckout).not.toHaveBeenCalled();
    expect(executeCaptcha).toHaveBeenCalledTimes(1); // only the order check
  });

  it('validates, completes and reopens the order with history replaced', async () => {
    const completion = deferred<Awaited<ReturnType<ApiClient['completeCheckout']>>>();
    const publicOrder = vi
      .fn<ApiClient['publicOrder']>()
      .mockResolvedValueOnce(freeOrder())
      .mockResolvedValueOnce(anOrder({ status: 'FULFILLED' }));
    const validateCheckout = vi.fn(async () => ({ orderDetails: { sessionId: 'free_session_1' } }));
    const completeCheckout = vi.fn(() => completion.promise);
    const { user, executeCaptcha } = renderScreen({ publicOrder, validateCheckout, completeCheckout });
    await expectStep(1, 'Enter Your Email');

    await user.type(screen.getByLabelText('Email address'), ' ann@example.com ');
    await user.click(button('Access Photos'));

    await waitFor(() => expect(completeCheckout).toHaveBeenCalled());
    expect(button('Access Photos').disabled).toBe(true); // while the request runs
    expect(screen.getByRole('status').textContent).toBe('Preparing your photos…');
    expect(validateCheckout).toHaveBeenCalledWith(
      { orderId: ORDER_ID },
      { customerEmail: 'ann@example.com', captchaToken: 'token-validate_checkout' },
    );
    expect(completeCheckout).toHaveBeenCalledWith(
      { orderId: ORDER_ID },
      { sessionId: 'free_session_1', captchaToken: 'token-complete_checkout' },
    );
    expect(executeCaptcha.mock.calls.map(([action]) => action)).toEqual([
      'public_order_check',
      'validate_checkout',
      'complete_checkout',
    ]);

    completion.resolve({ status: 'FULFILLED', emailSent: true });
    await waitFor(() => expect(navigationType()).toBe('REPLACE'));
    expect(location()).toBe(`/orders/${ORDER_ID}`);
    // The reopened order is checked afresh.
    await expectStep(6, 'Order Already Completed');
    expect(publicOrder).toHaveBeenCalledTimes(2);
  });

  it("goes to step 8 with 'Failed to complete checkout. Please try again.' when not fulfilled", async () => {
    const { user } = renderScreen({
      publicOrder: async () => freeOrder(),
      validateCheckout: async () => ({ orderDetails: { sessionId: 's1' } }),
      completeCheckout: async () => ({ status: 'PENDING', emailSent: false }),
    });
    await expectStep(1, 'Enter Your Email');
    await user.type(screen.getByLabelText('Email address'), 'ann@example.com');
    await user.click(button('Access Photos'));

    await expectStep(8, 'Something Went Wrong');
    expect(screen.getByRole('alert').textContent).toBe('Failed to complete checkout. Please try again.');
    expect(button('Try Again')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Homepage' }).getAttribute('href')).toBe('/');
  });

  it.each([
    ['captcha verification failed', 1, 'Enter Your Email', 'Captcha verification failed. Please try again.'],
    ['Internal server error', 1, 'Enter Your Email', 'Failed to process order. Please try again.'],
    ['This order has already been fulfilled', 6, 'Order Already Completed', null],
  ])('a validate failure %j leads to step %i', async (serverMessage, step, title, alert) => {
    const { user } = renderScreen({
      publicOrder: async () => freeOrder(),
      validateCheckout: async () => {
        throw new ApiError(serverMessage, 400, 'Bad Request');
      },
    });
    await expectStep(1, 'Enter Your Email');
    await user.type(screen.getByLabelText('Email address'), 'ann@example.com');
    await user.click(button('Access Photos'));

    await waitFor(() => expect(stepOf()).toBe(String(step)));
    expect(heading().textContent).toBe(title);
    if (alert) {
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(alert));
      expect(button('Access Photos').disabled).toBe(false);
    }
  });
});

describe('step 2: order summary', () => {
  it('shows the summary with count, total, email and no Free Order notice', async () => {
    renderScreen({ publicOrder: async () => ({ ...summaryOrder(), photos: photos.slice(0, 1) }) });
    await expectStep(2, 'Complete Your Order');
    expect(screen.getByText('1 Photo')).toBeTruthy();
    expect(screen.getByText('£12.50')).toBeTruthy();
    expect(screen.getByText('ann@example.com')).toBeTruthy();
    expect(screen.queryByText('Free Order')).toBeNull();
    expect(button('Complete Purchase').disabled).toBe(false);
  });

  it('shows the Free Order notice for a zero total', async () => {
    renderScreen({ publicOrder: async () => ({ ...summaryOrder(), total: 0 }) });
    await expectStep(2, 'Complete Your Order');
    expect(screen.getByText('Free Order')).toBeTruthy();
  });

  it.each([
    [{ status: 'FULFILLED' as const, emailSent: true }, `/checkout/success/${ORDER_ID}`],
    [
      { status: 'FULFILLED' as const, emailSent: false, emailError: 'SES down' },
      `/checkout/success/${ORDER_ID}?emailError=true`,
    ],
    [{ status: 'FULFILLED' as const, emailSent: false }, `/checkout/success/${ORDER_ID}`],
  ])('completes %j and replaces history with %s', async (result, path) => {
    const completion = deferred<typeof result>();
    const completeCheckout = vi.fn(() => completion.promise);
    const { user } = renderScreen({ publicOrder: async () => summaryOrder(), completeCheckout });
    await expectStep(2, 'Complete Your Order');
    await user.click(button('Complete Purchase'));

    await expectStep(3, 'Processing Your Order');
    expect(screen.getByRole('status').textContent).toBe('Please wait while we process your order…');
    expect(completeCheckout).toHaveBeenCalledWith(
      { orderId: ORDER_ID },
      { sessionId: 'cs_test_1', captchaToken: 'token-complete_checkout' },
    );
    completion.resolve(result);
    await waitFor(() => expect(location()).toBe(path));
    expect(navigationType()).toBe('REPLACE');
  });

  it.each([
    [
      'not fulfilled',
      async () => ({ status: 'PENDING' as const, emailSent: false }),
      8,
      orderErrors.genericProcessing,
    ],
    [
      'a server error',
      async () => {
        throw new ApiError('Internal server error', 500, 'Internal Server Error');
      },
      8,
      'An error occurred while processing your request. Please try again later.',
    ],
    [
      'a captcha failure',
      async () => {
        throw new ApiError('captcha verification failed', 400, 'Bad Request');
      },
      2,
      'Captcha verification failed. Please try again.',
    ],
  ])('%s leads to the step of section 8', async (_, completeCheckout, step, alert) => {
    const { user } = renderScreen({ publicOrder: async () => summaryOrder(), completeCheckout });
    await expectStep(2, 'Complete Your Order');
    await user.click(button('Complete Purchase'));
    await waitFor(() => expect(stepOf()).toBe(String(step)));
    expect(screen.getByRole('alert').textContent).toBe(alert);
  });

  it.each(['already been fulfilled', 'already been completed', 'cannot be checked out again'])(
    "an error containing '%s' leads to step 6",
    async (marker) => {
      const { user } = renderScreen({
        publicOrder: async () => summaryOrder(),
        completeCheckout: async () => {
          throw new ApiError(`Order ${marker}`, 409, 'Conflict');
        },
      });
      await expectStep(2, 'Complete Your Order');
      await user.click(button('Complete Purchase'));
      await expectStep(6, 'Order Already Completed');
    },
  );

  it("step 8 'Try Again' checks the order again", async () => {
    const publicOrder = vi.fn(async () => summaryOrder());
    const { user } = renderScreen({
      publicOrder,
      completeCheckout: async () => ({ status: 'PENDING', emailSent: false }),
    });
    await expectStep(2, 'Complete Your Order');
    await user.click(button('Complete Purchase'));
    await expectStep(8, 'Something Went Wrong');
    await user.click(button('Try Again'));
    await expectStep(2, 'Complete Your Order');
    expect(publicOrder).toHaveBeenCalledTimes(2);
  });

  it('the summary carousel answers the arrow keys', async () => {
    const { user } = renderScreen({ publicOrder: async () => summaryOrder() });
    await expectStep(2, 'Complete Your Order');
    const carousel = screen.getByRole('region', { name: 'Order photos' });
    expect(within(carousel).getByText('1 / 3')).toBeTruthy();
    await user.keyboard('{ArrowLeft}');
    expect(within(carousel).getByText('3 / 3')).toBeTruthy();
  });
});

describe("the seller's brand", () => {
  const seller = { businessName: 'Harbour Photo Co', logoUrl: 'https://shutterlane.test/api/logos/logo_1' };

  it("shows the seller's business name and logo above the steps, kept while the order is checked again", async () => {
    const recheck = deferred<PublicOrder>();
    const publicOrder = vi
      .fn<ApiClient['publicOrder']>()
      .mockResolvedValueOnce({ ...summaryOrder(), seller })
      .mockReturnValueOnce(recheck.promise);
    const { user } = renderScreen({
      publicOrder,
      completeCheckout: async () => ({ status: 'PENDING', emailSent: false }),
    });
    await expectStep(2, 'Complete Your Order');
    const brand = screen.getByTestId('seller-brand');
    expect(within(brand).getByRole('img', { name: seller.businessName }).getAttribute('src')).toBe(
      seller.logoUrl,
    );
    expect(within(brand).getByText(seller.businessName)).toBeTruthy();

    await user.click(button('Complete Purchase'));
    await expectStep(8, 'Something Went Wrong');
    expect(screen.getByTestId('seller-brand')).toBe(brand);
    await user.click(button('Try Again'));
    await expectStep(0, 'Access Your Photos');
    expect(screen.getByTestId('seller-brand')).toBe(brand);
    recheck.resolve({ ...summaryOrder(), seller });
    await expectStep(2, 'Complete Your Order');
    expect(screen.getByTestId('seller-brand')).toBe(brand);
  });

  it('shows nothing of the seller when the order has no brand', async () => {
    renderScreen({ publicOrder: async () => ({ ...freeOrder(), seller: {} }) });
    await expectStep(1, 'Enter Your Email');
    expect(screen.queryByTestId('seller-brand')).toBeNull();
  });
});
