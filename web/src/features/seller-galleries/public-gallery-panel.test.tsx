// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Photo } from '#shared/schemas/gallery';
import type { PublicGalleryAdmin, PublishGalleryBody } from '#shared/schemas/public-gallery';
import { ApiError } from '../../lib/api-client';
import { ServicesProvider } from '../../lib/services';
import { fakeServices } from '../../testing/fake-services';
import { PublicGalleryPanel } from './public-gallery-panel';
import { publicGalleryTexts as texts } from './public-gallery-texts';

afterEach(cleanup);

const admin: PublicGalleryAdmin = {
  galleryId: 'gallery_1234',
  published: false,
  closed: false,
  hasPin: false,
  faceSearch: { enabled: false, photosIndexed: 0 },
  sales: { orders: 0, paidOrders: 0, revenue: 0, currency: 'GBP' },
};

const photos = [{ photoId: 'photo_0001', description: 'boat.jpg', status: 'READY' }] as Photo[];

function renderPanel(publishGallery: (body: PublishGalleryBody) => Promise<PublicGalleryAdmin>) {
  const publish = vi.fn((_params: unknown, body: PublishGalleryBody) => publishGallery(body));
  render(
    <ServicesProvider
      services={fakeServices({ publicGallerySettings: async () => admin, publishGallery: publish })}
    >
      <PublicGalleryPanel galleryId="gallery_1234" albumName="Regatta" photos={photos} />
    </ServicesProvider>,
  );
  return publish;
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: texts.save }));

describe("the seller's public gallery panel", () => {
  it('publishes prices typed in pounds as pence, then shows the link and the sales', async () => {
    const publish = renderPanel(async (body) => ({
      ...admin,
      published: body.published,
      publicId: 'pub_abcdefgh',
      url: 'https://shutterlane.test/g/pub_abcdefgh',
      settings: body.settings,
      sales: { orders: 3, paidOrders: 2, revenue: 13.5, currency: 'GBP' },
    }));
    await screen.findByRole('form', { name: texts.settings });
    fireEvent.click(screen.getByRole('switch', { name: texts.published }));
    type(texts.perPhoto, '4.50');
    fireEvent.click(screen.getByRole('button', { name: texts.addBundle }));
    type(texts.bundlePhotos(1), '5');
    type(texts.bundlePrice(1), '20');
    type(texts.allPhotos, '30,5');
    fireEvent.change(screen.getByLabelText(texts.cover), { target: { value: 'photo_0001' } });
    save();

    expect(await screen.findByTestId('public-gallery-link')).toHaveProperty(
      'value',
      'https://shutterlane.test/g/pub_abcdefgh',
    );
    expect(publish).toHaveBeenCalledWith(
      { galleryId: 'gallery_1234' },
      expect.objectContaining({
        published: true,
        faceSearch: { enabled: false },
        settings: expect.objectContaining({
          title: 'Regatta',
          coverPhotoId: 'photo_0001',
          pricing: {
            currency: 'GBP',
            perPhotoMinor: 450,
            bundles: [{ photos: 5, priceMinor: 2000 }],
            allPhotosMinor: 3050,
          },
        }),
      }),
    );
    expect(screen.getByText(texts.statusPublished)).toBeTruthy();
    expect(screen.getByText('£13.50')).toBeTruthy();
    expect(screen.getByText(texts.saved)).toBeTruthy();
  });

  it('asks for the basis when face search is switched on, and says what is kept', async () => {
    const publish = renderPanel(async () => admin);
    await screen.findByRole('form', { name: texts.settings });
    type(texts.perPhoto, '3');
    expect(screen.queryByText(texts.retention)).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: texts.faceSearch }));
    expect(screen.getByText(texts.retention)).toBeTruthy();
    // The select is `required`, so a browser stops the click first; the form's own check backs it up.
    fireEvent.submit(screen.getByRole('form', { name: texts.settings }));
    expect((await screen.findByRole('alert')).textContent).toBe(texts.errors.basisMissing);
    expect(publish).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(texts.basis), { target: { value: 'other' } });
    type(texts.basisOther, 'Signed photo releases');
    save();
    await screen.findByText(texts.saved);
    expect(publish.mock.calls[0]?.[1].faceSearch).toEqual({ enabled: true, basis: 'Signed photo releases' });
  });

  it("shows the server's refusal", async () => {
    renderPanel(() => Promise.reject(new ApiError('Payments are not set up', 409, 'Conflict')));
    await screen.findByRole('form', { name: texts.settings });
    fireEvent.click(screen.getByRole('radio', { name: texts.free }));
    save();
    expect((await screen.findByRole('alert')).textContent).toBe('Payments are not set up');
  });

  it('offers the logo watermark disabled, with the reason', async () => {
    renderPanel(async () => admin);
    await screen.findByRole('form', { name: texts.settings });
    const logo = screen.getByRole('radio', { name: texts.logoKind });
    expect(logo).toHaveProperty('disabled', true);
    expect(screen.getByText(texts.logoNote)).toBeTruthy();
  });

  it('reads the face search count again while photos are being looked at, until all are', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const indexed = [1, 2];
      const settings = vi.fn(async () => ({
        ...admin,
        published: true,
        publicId: 'pub_abcdefgh',
        url: 'https://shutterlane.test/g/pub_abcdefgh',
        faceSearch: { enabled: true, photosIndexed: indexed.shift() ?? 2 },
      }));
      const two = [...photos, { photoId: 'photo_0002', description: 'quay.jpg', status: 'READY' }] as Photo[];
      render(
        <ServicesProvider services={fakeServices({ publicGallerySettings: settings })}>
          <PublicGalleryPanel galleryId="gallery_1234" albumName="Regatta" photos={two} />
        </ServicesProvider>,
      );
      await screen.findByText(texts.indexedOf(1, 2));
      expect(screen.getByRole('progressbar', { name: texts.photosIndexed })).toBeTruthy();
      await vi.advanceTimersByTimeAsync(3500);
      await screen.findByText(texts.indexedOf(2, 2));
      expect(screen.queryByRole('progressbar', { name: texts.photosIndexed })).toBeNull();
      const calls = settings.mock.calls.length;
      await vi.advanceTimersByTimeAsync(7000);
      expect(settings.mock.calls.length).toBe(calls);
    } finally {
      vi.useRealTimers();
    }
  });
});
