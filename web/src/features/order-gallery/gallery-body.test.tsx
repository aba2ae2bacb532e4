// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderStatusReasonTexts } from '#shared/texts/errors';
import type { FulfilledOrder } from '#shared/schemas/order';
import { ServicesProvider } from '../../lib/services';
import { orderGalleryTexts as texts } from './texts';
import { fakeServices } from '../../testing/fake-services';
import { GalleryBody } from './gallery-body';

/** The album counts its renders; the ZIP hook's progress is moved by the test. */
const album = vi.hoisted(() => ({ renders: 0, setProgress: (_: number | null) => undefined as void }));
vi.mock('react-photo-album', () => ({
  MasonryPhotoAlbum: () => {
    album.renders++;
    return null;
  },
}));
vi.mock('./zip/use-zip-download', () => ({
  useZipDownload: () => {
    const [progress, setProgress] = useState<number | null>(null);
    album.setProgress = setProgress;
    return { progress, start: () => undefined };
  },
}));

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
      <GalleryBody opened={{ kind: 'photos', order: fulfilled }} />
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

  it("moves the ZIP's progress bar without drawing the grid again (once per photo of a big order)", () => {
    renderBody(order());
    const drawn = album.renders;
    for (const done of [0, 1, 2]) act(() => album.setProgress(done));
    expect(screen.getByRole('progressbar', { name: texts.zipProgressLabel }).getAttribute('value')).toBe('2');
    expect(album.renders).toBe(drawn);
  });
});
