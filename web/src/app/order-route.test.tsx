// @vitest-environment happy-dom
/** /orders/{orderId} as composed here: the gallery's entry first, then the order-access steps. */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FulfilledOrder, FulfilledPreview, PublicOrder } from '#shared/schemas/order';
import { ApiError, type ApiClient } from '../lib/api-client';
import { ServicesProvider } from '../lib/services';
import { deferred, fakeServices } from '../testing/fake-services';
import { OrderRoute } from './order-route';

const ORDER_ID = 'order_12345678';

const freeOrder: PublicOrder = {
  orderId: ORDER_ID,
  status: 'PENDING',
  nextStep: 'COLLECT_EMAIL',
  photos: [{ photoId: 'photo_1', thumbnailUrl: 'https://img.test/1.jpg' }],
  currency: 'GBP',
  total: 0,
  orderType: 'FREE_ORDER',
  expiresAt: '2030-01-01T00:00:00.000Z',
};
const fulfilled: FulfilledOrder = {
  orderId: ORDER_ID,
  status: 'FULFILLED',
  photoUrls: { photo_1: { url: 'https://s3.test/1', width: 1800, height: 1200 } },
  urlsExpireAt: new Date(Date.now() + 3_600_000).toISOString(),
};
type Opened = Awaited<ReturnType<ApiClient['openOrder']>>;
/** The fulfilled order as asked without a human check: its thumbnails, none of its photos. */
const previewOf = (order: FulfilledOrder): FulfilledPreview => ({
  ...order,
  photoUrls: Object.fromEntries(
    Object.entries(order.photoUrls).map(([id, { url, ...thumbnails }]) => [
      id,
      { ...thumbnails, thumbnailUrl: `${url}-thumbnail` },
    ]),
  ),
});
/** As the server answers: a fulfilled order's photos to a call with a human check's token, else its preview. */
const photos =
  (order: FulfilledOrder) =>
  async (_params: unknown, body: { captchaToken?: string }): Promise<Opened> =>
    body.captchaToken ? { kind: 'photos', order } : { kind: 'preview', order: previewOf(order) };
const steps = (order: PublicOrder) => async () => ({ kind: 'steps' as const, order });
const notFound = () => Promise.reject(new ApiError('Order not found', 404, 'Not Found'));

type Api = Partial<Pick<ApiClient, 'openOrder' | 'publicOrder' | 'fulfilledOrder' | 'completeCheckout'>>;

function renderOrder(
  api: Api,
  path = `/orders/${ORDER_ID}`,
  setUp: (services: ReturnType<typeof fakeServices>) => void = () => undefined,
) {
  const services = fakeServices(api);
  setUp(services);
  render(
    <ServicesProvider services={services}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/orders" element={<OrderRoute />} />
          <Route path="/orders/:orderId" element={<OrderRoute />} />
        </Routes>
      </MemoryRouter>
    </ServicesProvider>,
  );
  return { ...services, user: userEvent.setup() };
}

const heading = async (name: string) => screen.findByRole('heading', { level: 1, name });

beforeEach(() => {
  vi.stubEnv('VITE_SUPPORT_EMAIL', 'help@shutterlane.test');
  // The photo album measures its container; jsdom has no ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('the order page entry', () => {
  it('shows the loading state while the order opens, then the thumbnails; the first touch runs the check for the photos', async () => {
    const pending = deferred<Opened>();
    const openOrder = vi.fn<ApiClient['openOrder']>(() => pending.promise);
    const fulfilledOrder = vi.fn<ApiClient['fulfilledOrder']>(async () => fulfilled);
    const publicOrder = vi.fn<ApiClient['publicOrder']>();
    const { executeCaptcha, user } = renderOrder({ openOrder, fulfilledOrder, publicOrder });
    await heading('Loading Your Photos');
    expect(screen.getByRole('status').textContent).toBe(
      'Please wait while we verify and load your photos...',
    );
    expect(openOrder).toHaveBeenCalledExactlyOnceWith({ orderId: ORDER_ID }, {});
    pending.resolve({ kind: 'preview', order: previewOf(fulfilled) });
    await heading('Your Photos');
    expect(await screen.findByRole('button', { name: 'Download ZIP' })).toBeTruthy();
    // Drawn without a human check: it runs when the customer first touches the page.
    expect(executeCaptcha).not.toHaveBeenCalled();
    expect(fulfilledOrder).not.toHaveBeenCalled();
    await user.pointer({ keys: '[MouseLeft]', target: screen.getByRole('heading', { name: 'Your Photos' }) });
    await waitFor(() => expect(fulfilledOrder).toHaveBeenCalledTimes(1));
    expect(fulfilledOrder).toHaveBeenCalledWith(
      { orderId: ORDER_ID },
      { captchaToken: 'token-public_order_check' },
    );
    expect(executeCaptcha).toHaveBeenCalledExactlyOnceWith('public_order_check');
    expect(openOrder).toHaveBeenCalledTimes(1);
    expect(publicOrder).not.toHaveBeenCalled();
  });

  it("shows the robot-check failure when the first touch's check fails, with 'Try Again' that opens the order again", async () => {
    const openOrder = vi.fn(photos(fulfilled));
    const fulfilledOrder = vi.fn<ApiClient['fulfilledOrder']>(async () => fulfilled);
    const { user } = renderOrder({ openOrder, fulfilledOrder }, undefined, (services) =>
      services.executeCaptcha.mockRejectedValueOnce(new Error('captcha script failed to load')),
    );
    await heading('Your Photos');
    await user.keyboard('{Tab}');
    await heading('Access Your Photos');
    expect(screen.getByRole('alert').textContent).toBe(
      "Failed to verify you're not a robot. Please try again.",
    );
    // The check failed, so no token was sent.
    expect(fulfilledOrder).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await heading('Your Photos');
    expect(openOrder).toHaveBeenCalledTimes(2);
  });

  it('treats a captcha refused by the server as the robot-check failure', async () => {
    const { user } = renderOrder({
      openOrder: photos(fulfilled),
      fulfilledOrder: async () => {
        throw new ApiError('captcha verification failed', 403, 'Forbidden');
      },
    });
    await heading('Your Photos');
    await user.keyboard('{Tab}');
    await screen.findByText("Failed to verify you're not a robot. Please try again.");
  });

  it('hands an order that is not fulfilled to the order-access steps with the order it opened, with no human check', async () => {
    const publicOrder = vi.fn<ApiClient['publicOrder']>();
    const openOrder = vi.fn(steps(freeOrder));
    const { executeCaptcha, warmCaptcha, user } = renderOrder({ openOrder, publicOrder });
    await heading('Enter Your Email');
    expect(openOrder).toHaveBeenCalledExactlyOnceWith({ orderId: ORDER_ID }, {});
    expect(publicOrder).not.toHaveBeenCalled();
    expect(executeCaptcha).not.toHaveBeenCalled();
    // The email step's submit will check: the script loads as the customer starts typing.
    expect(warmCaptcha).not.toHaveBeenCalled();
    await user.click(screen.getByLabelText('Email address'));
    expect(warmCaptcha).toHaveBeenCalled();
  });

  it("shows 'Order Not Found' for an unknown order", async () => {
    renderOrder({ openOrder: notFound });
    await heading('Order Not Found');
    expect(screen.getByText("We couldn't find the order you're looking for.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Homepage' }).getAttribute('href')).toBe('/');
  });

  it("shows 'Error' with the load failure when the call fails otherwise, and retries", async () => {
    const openOrder = vi
      .fn<ApiClient['openOrder']>()
      .mockRejectedValueOnce(new ApiError('Service temporarily unavailable', 503, 'Service Unavailable'))
      .mockImplementationOnce(steps(freeOrder));
    const { user } = renderOrder({ openOrder });
    await heading('Error');
    expect(screen.getByRole('alert').textContent).toBe('Failed to load your photos. Please try again later.');
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await heading('Enter Your Email');
  });

  it("keeps 'No order ID provided' for /orders without an id", async () => {
    const openOrder = vi.fn<ApiClient['openOrder']>();
    renderOrder({ openOrder }, '/orders');
    expect((await screen.findByRole('alert')).textContent).toBe('No order ID provided');
    expect(openOrder).not.toHaveBeenCalled();
  });

  it('offers the photos from step 6 (a checkout attempt on an order already fulfilled)', async () => {
    const { user, warmCaptcha } = renderOrder({
      openOrder: steps({ ...freeOrder, nextStep: 'REDIRECT_TO_STRIPE', sessionId: 'cs_1' }),
      completeCheckout: () =>
        Promise.reject(new ApiError('This order has already been fulfilled', 409, 'Conflict')),
    });
    await heading('Complete Your Order');
    // Its one button runs a check: the check's script loads while the customer reads the order.
    expect(warmCaptcha).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Complete Purchase' }));
    await heading('Order Already Completed');
    expect(screen.getByRole('link', { name: 'View My Photos' }).getAttribute('href')).toBe(
      `/orders/${ORDER_ID}`,
    );
  });
});

describe("the seller's brand on the order gallery", () => {
  it("shows the seller's business name and logo above 'Your Photos'", async () => {
    const seller = { businessName: 'Harbour Photo Co', logoUrl: 'https://shutterlane.test/api/logos/logo_1' };
    renderOrder({ openOrder: photos({ ...fulfilled, seller }) });
    const title = await heading('Your Photos');
    const logo = screen.getByRole('img', { name: seller.businessName });
    expect(logo.getAttribute('src')).toBe(seller.logoUrl);
    expect(logo.compareDocumentPosition(title) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText(seller.businessName)).toBeTruthy();
  });

  it('shows nothing of the seller when the order has no brand', async () => {
    renderOrder({ openOrder: photos(fulfilled) });
    await heading('Your Photos');
    expect(await screen.findByRole('button', { name: 'Download ZIP' })).toBeTruthy();
    expect(screen.queryByTestId('seller-brand')).toBeNull();
  });
});
