// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUBLIC_GALLERY_LIMITS } from '#shared/rules/public-gallery-limits';
import { priceSelection } from '#shared/rules/public-gallery-price';
import type { PublicGalleryView } from '#shared/schemas/public-gallery';
import { ApiError } from '../../lib/api-client';
import { ServicesProvider } from '../../lib/services';
import { fakeServices } from '../../testing/fake-services';
import { formatMinorUnits } from '../../utils/format';
import { SelectionBar } from './selection-bar';
import { testGallery } from './test-gallery';
import { publicGalleryTexts as texts } from './texts';

afterEach(cleanup);

const picked = (count: number) => Array.from({ length: count }, (_, i) => `photo_000${i}`);

function renderBar(view: PublicGalleryView, count: number, services = fakeServices({})) {
  const onOrdered = vi.fn();
  const { unmount } = render(
    <ServicesProvider services={services}>
      <SelectionBar
        view={view}
        pin="2468"
        selected={picked(count)}
        onClear={() => undefined}
        onOrdered={onOrdered}
      />
    </ServicesProvider>,
  );
  return { services, onOrdered, unmount };
}

describe('the selection bar', () => {
  it.each([
    [1, '£4.50', false],
    [5, '£20.00', false], // the bundle
    [6, '£24.50', false], // the bundle and one photo
    [7, '£29.00', false],
    [8, '£30.00', true], // the all-photos price is cheaper than 5 + 3
  ])('prices %d photos at %s by the shared rule', (count, total, allPhotos) => {
    const view = testGallery();
    renderBar(view, count);
    const quote = priceSelection(view.pricing, count, view.totalPhotos);
    expect(formatMinorUnits(quote.totalMinor, 'GBP')).toBe(total);
    expect(quote.allPhotos).toBe(allPhotos);
    expect(screen.getByTestId('selection-total').textContent).toBe(total);
    expect(screen.getByText(texts.selected(count))).toBeTruthy();
    expect(screen.queryByText(texts.allPhotosApplies(10), { exact: false }) !== null).toBe(allPhotos);
    const buying = allPhotos ? 10 : count;
    expect(screen.getByRole('button', { name: texts.buy(buying) })).toBeTruthy();
  });

  it('prices against every photo of the gallery, not only the page loaded', () => {
    // 40 photos, 10 loaded: the all-photos price (£30) takes all 40.
    const first = renderBar(testGallery({ totalPhotos: 40 }), 8);
    expect(screen.getByTestId('selection-total').textContent).toBe('£30.00');
    expect(screen.getByText(texts.allPhotosApplies(40), { exact: false })).toBeTruthy();
    expect(screen.getByRole('button', { name: texts.buy(40) })).toBeTruthy();
    first.unmount();
    // Past what one order holds, no all-photos price: 5 for £20 and 3 at £4.50.
    renderBar(testGallery({ totalPhotos: PUBLIC_GALLERY_LIMITS.orderPhotos + 1 }), 8);
    expect(screen.getByTestId('selection-total').textContent).toBe('£33.50');
    expect(screen.getByRole('button', { name: texts.buy(8) })).toBeTruthy();
  });

  it('says Free in a free gallery', () => {
    const free = testGallery({ free: true, pricing: { currency: 'GBP', perPhotoMinor: 0, bundles: [] } });
    renderBar(free, 3);
    expect(screen.getByTestId('selection-total').textContent).toBe(texts.free);
    expect(screen.getByRole('button', { name: texts.getFree(3) })).toBeTruthy();
  });

  it('asks to pick photos while nothing is picked, with no checkout button', () => {
    renderBar(testGallery(), 0);
    expect(screen.getByText(texts.pickHint)).toBeTruthy();
    expect(screen.queryByTestId('checkout')).toBeNull();
  });

  it("orders the pick with the PIN and the human check's token, and goes on to the order's page", async () => {
    const publicGalleryOrder = vi.fn(async () => ({
      orderId: 'order_12345678',
      url: '/orders/order_12345678',
    }));
    const { services, onOrdered } = renderBar(testGallery(), 2, fakeServices({ publicGalleryOrder }));
    fireEvent.click(screen.getByTestId('checkout'));
    await vi.waitFor(() => expect(services.assignLocation).toHaveBeenCalledWith('/orders/order_12345678'));
    expect(services.executeCaptcha).toHaveBeenCalledWith('public_gallery_order');
    expect(publicGalleryOrder).toHaveBeenCalledWith(
      { publicId: 'pub_regatta' },
      { pin: '2468', photoIds: ['photo_0000', 'photo_0001'], captchaToken: 'token-public_gallery_order' },
    );
    expect(onOrdered).toHaveBeenCalled();
  });

  it('says the human check failed when it cannot run, orders nothing, and tries again on request', async () => {
    const publicGalleryOrder = vi.fn(async () => ({
      orderId: 'order_12345678',
      url: '/orders/order_12345678',
    }));
    const services = fakeServices({ publicGalleryOrder });
    services.executeCaptcha.mockRejectedValueOnce(new Error('captcha check failed: script blocked'));
    renderBar(testGallery(), 2, services);
    fireEvent.click(screen.getByTestId('checkout'));
    expect((await screen.findByRole('alert')).textContent).toBe(texts.humanCheckFailed);
    expect(publicGalleryOrder).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: texts.tryAgain }));
    await vi.waitFor(() => expect(services.assignLocation).toHaveBeenCalledWith('/orders/order_12345678'));
    expect(publicGalleryOrder).toHaveBeenCalledTimes(1);
  });

  it("says the human check failed when the server refuses the check's token", async () => {
    const publicGalleryOrder = () =>
      Promise.reject(new ApiError('captcha verification failed', 403, 'Forbidden'));
    const { services } = renderBar(testGallery(), 2, fakeServices({ publicGalleryOrder }));
    fireEvent.click(screen.getByTestId('checkout'));
    expect((await screen.findByRole('alert')).textContent).toBe(texts.humanCheckFailed);
    expect(screen.getByRole('button', { name: texts.tryAgain })).toBeTruthy();
    expect(services.assignLocation).not.toHaveBeenCalled();
  });

  it("shows the server's refusal and stays on the page", async () => {
    const publicGalleryOrder = () => Promise.reject(new ApiError('This gallery is closed', 410, 'Gone'));
    const { services } = renderBar(testGallery(), 2, fakeServices({ publicGalleryOrder }));
    fireEvent.click(screen.getByTestId('checkout'));
    expect((await screen.findByRole('alert')).textContent).toBe('This gallery is closed');
    expect(screen.queryByRole('button', { name: texts.tryAgain })).toBeNull();
    expect(services.assignLocation).not.toHaveBeenCalled();
  });
});
