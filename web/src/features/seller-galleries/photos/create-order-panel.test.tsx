// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { ServicesProvider } from '../../../lib/services';
import { sellerGalleryTexts } from '../texts';
import { fakeServices } from '../../../testing/fake-services';
import { CreateOrderPanel } from './create-order-panel';

afterEach(cleanup);

const renderPanel = () =>
  render(
    <ServicesProvider services={fakeServices({})}>
      <CreateOrderPanel galleryId="g1" photoIds={['p1', 'p2']} />
    </ServicesProvider>,
  );

it('shows what the seller receives after the 5% fee (rounded half up) while they type a price', () => {
  renderPanel();
  const price = screen.getByLabelText('Price (£, 0 for a free order)', { exact: false });
  expect(screen.queryByText(/You receive/)).toBeNull();
  fireEvent.change(price, { target: { value: '12,50' } });
  expect(screen.getByText(/You receive/).textContent).toBe(sellerGalleryTexts.youReceive('£11.87', '£0.63'));
  // Stripe's fee comes on top of ours, and is not known before the customer pays.
  expect(sellerGalleryTexts.youReceive('£11.87', '£0.63')).toMatch(
    /£11\.87 less Stripe's card fee.*5% fee of £0\.63/,
  );
  fireEvent.change(price, { target: { value: '0' } });
  expect(screen.queryByText(/You receive/)).toBeNull();
});
