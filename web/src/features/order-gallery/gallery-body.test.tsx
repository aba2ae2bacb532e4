// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { orderStatusReasonTexts } from '#shared/errors';
import type { FulfilledOrder } from '#shared/schemas/order';
import { ServicesProvider } from '../../lib/services';
import { orderGalleryTexts as texts } from './texts';
import { fakeServices } from '../../testing/fake-services';
import { GalleryBody } from './gallery-body';

afterEach(cleanup);

const order = (fields: Partial<FulfilledOrder> = {}): FulfilledOrder => ({
  orderId: 'order_12345678',
  status: 'FULFILLED',
  photoUrls: {
    p1: { url: 'https://s3.test/1?sig=a', thumbnailUrl: 'https://s3.test/t1?sig=a', width: 800, height: 600 },
  },
  urlsExpireAt: new Date(Date.now() + 600_000).toISOString(),
  ...fields,
});

const renderBody = (fulfilled: FulfilledOrder) =>
  render(
    <ServicesProvider services={fakeServices({})}>
      <GalleryBody order={fulfilled} />
    </ServicesProvider>,
  );

describe('the gallery of a fulfilled order', () => {
  it.each(['DISPUTE_WON', 'PARTIALLY_REFUNDED'] as const)('says so above the photos after %s', (reason) => {
    renderBody(order({ statusReason: reason }));
    expect(screen.getByRole('status').textContent).toBe(orderStatusReasonTexts[reason]);
    expect(screen.getByRole('region', { name: texts.gridLabel })).toBeTruthy();
  });

  it('says nothing more when the payment never changed', () => {
    renderBody(order());
    expect(screen.queryByText(orderStatusReasonTexts.DISPUTE_WON)).toBeNull();
    expect(screen.getByRole('region', { name: texts.gridLabel })).toBeTruthy();
  });
});
