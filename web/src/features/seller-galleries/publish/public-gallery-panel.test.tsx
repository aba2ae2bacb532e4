// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { brandingErrors } from '#shared/rules/branding';
import type { Photo } from '#shared/schemas/gallery';
import { formatDate } from '#shared/rules/dates';
import type { PinStatus, PublicGalleryAdmin, PublishGalleryBody } from '#shared/schemas/public-gallery';
import { ApiError } from '../../../lib/api-client';
import { resetAuthState } from '../../../lib/auth/auth-store';
import { ServicesProvider } from '../../../lib/services';
import { fakeServices } from '../../../testing/fake-services';
import { testUser } from '../../../testing/payment-test-user';
import { PublicGalleryPanel } from './public-gallery-panel';
import { publicGalleryTexts as texts } from './public-gallery-texts';

afterEach(() => {
  cleanup();
  resetAuthState();
});

const admin: PublicGalleryAdmin = {
  galleryId: 'gallery_1234',
  published: false,
  closed: false,
  hasPin: false,
  faceSearch: { enabled: false, photosIndexed: 0, photosNotDescribed: 0 },
  sales: { orders: 0, paidOrders: 0, revenue: 0, currency: 'GBP' },
  activity: { opened: 0, photoViews: 0, selfieSearches: 0, picks: 0, paid: 0 },
};

const photos = [{ photoId: 'photo_0001', description: 'boat.jpg', status: 'READY' }] as Photo[];

/** The panel sits on a seller page: inside the router, with the signed-in seller (a logo or none). */
const signedIn = (logoUrl?: string) =>
  resetAuthState({ status: 'ready', user: { ...testUser(), ...(logoUrl && { logoUrl }) } });
const inPage = (panel: ReactNode) => <MemoryRouter>{panel}</MemoryRouter>;

/** A published gallery hides nobody: the "Hide a person" section loads an empty list. */
const noneHidden = { listHiddenPeople: async () => ({ people: [], withheld: [] }) };

function renderPanel(
  publishGallery: (body: PublishGalleryBody) => Promise<PublicGalleryAdmin>,
  saved: PublicGalleryAdmin = admin,
) {
  const publish = vi.fn((_params: unknown, body: PublishGalleryBody) => publishGallery(body));
  render(
    <ServicesProvider
      services={fakeServices({
        ...noneHidden,
        publicGallerySettings: async () => saved,
        publishGallery: publish,
      })}
    >
      {inPage(<PublicGalleryPanel galleryId="gallery_1234" albumName="Regatta" photos={photos} />)}
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

  it('offers the logo watermark disabled without a logo, with the reason and the way to the profile', async () => {
    signedIn();
    renderPanel(async () => admin);
    await screen.findByRole('form', { name: texts.settings });
    const logo = screen.getByRole('radio', { name: texts.logoKind });
    expect(logo).toHaveProperty('disabled', true);
    expect(screen.getByRole('radio', { name: texts.textKind })).toHaveProperty('checked', true);
    const note = screen.getByText(brandingErrors.logoWatermarkNeedsLogo, { exact: false });
    expect(logo.getAttribute('aria-describedby')).toBe(note.id);
    expect(screen.getByRole('link', { name: texts.openProfile }).getAttribute('href')).toBe('/profile');
  });

  it("sends the seller's logo as the watermark once they have one", async () => {
    signedIn('https://shutterlane.test/api/logos/logo_1234');
    const publish = renderPanel(async (body) => ({ ...admin, settings: body.settings }));
    await screen.findByRole('form', { name: texts.settings });
    expect(screen.queryByText(brandingErrors.logoWatermarkNeedsLogo, { exact: false })).toBeNull();
    const logo = screen.getByRole('radio', { name: texts.logoKind });
    expect(logo).toHaveProperty('disabled', false);
    fireEvent.click(logo);
    // A logo has no words: the text field goes, position and opacity stay.
    expect(screen.queryByLabelText(texts.watermarkText)).toBeNull();
    fireEvent.change(screen.getByLabelText(texts.position), { target: { value: 'bottom-right' } });
    type(texts.perPhoto, '3');
    save();
    await screen.findByText(texts.saved);
    expect(publish.mock.calls[0]?.[1].settings.watermark).toEqual({
      kind: 'logo',
      position: 'bottom-right',
      opacity: 0.5,
    });
    expect(screen.getByRole('radio', { name: texts.logoKind })).toHaveProperty('checked', true);
  });

  it('shows a gallery saved with the logo watermark as such, even after the logo was removed', async () => {
    signedIn();
    const withLogo: PublicGalleryAdmin = {
      ...admin,
      settings: {
        title: 'Regatta',
        pricing: { currency: 'GBP', perPhotoMinor: 300, bundles: [] },
        watermark: { kind: 'logo', position: 'tiled', opacity: 0.3 },
      },
    };
    const publish = renderPanel(async () => withLogo, withLogo);
    await screen.findByRole('form', { name: texts.settings });
    const logo = screen.getByRole('radio', { name: texts.logoKind });
    expect(logo).toHaveProperty('checked', true);
    expect(screen.queryByLabelText(texts.watermarkText)).toBeNull();
    expect(screen.getByLabelText(texts.position)).toHaveProperty('value', 'tiled');
    // Without a logo it cannot be saved so: the form says why before asking the server.
    save();
    expect((await screen.findByRole('alert')).textContent).toBe(brandingErrors.logoWatermarkNeedsLogo);
    expect(publish).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('radio', { name: texts.textKind }));
    expect(logo).toHaveProperty('disabled', true);
    expect(screen.getByLabelText(texts.watermarkText)).toHaveProperty('value', texts.defaultWatermarkText);
  });

  /**
   * The panel of a published gallery with the search on, over `ready` READY photos, whose settings read
   * gives each count in turn (the last one for good); with fake timers that still advance.
   */
  function renderIndexing(counts: PublicGalleryAdmin['faceSearch'][], ready: number) {
    const last = counts.at(-1)!;
    const settings = vi.fn(async () => ({
      ...admin,
      published: true,
      publicId: 'pub_abcdefgh',
      url: 'https://shutterlane.test/g/pub_abcdefgh',
      faceSearch: counts.shift() ?? last,
    }));
    const readyPhotos = Array.from({ length: ready }, (_, n) => ({
      photoId: `photo_${String(n).padStart(4, '0')}`,
      status: 'READY',
    })) as Photo[];
    render(
      <ServicesProvider services={fakeServices({ ...noneHidden, publicGallerySettings: settings })}>
        {inPage(<PublicGalleryPanel galleryId="gallery_1234" albumName="Regatta" photos={readyPhotos} />)}
      </ServicesProvider>,
    );
    return settings;
  }

  /** Reads no more once every photo is looked at: no bar either. */
  async function expectNoMoreReads(settings: ReturnType<typeof renderIndexing>) {
    expect(screen.queryByRole('progressbar', { name: texts.photosIndexed })).toBeNull();
    const calls = settings.mock.calls.length;
    await vi.advanceTimersByTimeAsync(7000);
    expect(settings.mock.calls.length).toBe(calls);
  }

  const searching = (photosIndexed: number, photosNotDescribed = 0) => ({
    enabled: true,
    photosIndexed,
    photosNotDescribed,
  });

  it('reads the face search count again while photos are being looked at, until all are', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const settings = renderIndexing([searching(1), searching(2)], 2);
      await screen.findByText(texts.indexedOf(1, 2));
      expect(screen.getByRole('progressbar', { name: texts.photosIndexed })).toBeTruthy();
      await vi.advanceTimersByTimeAsync(3500);
      await screen.findByText(texts.indexedOf(2, 2));
      await expectNoMoreReads(settings);
    } finally {
      vi.useRealTimers();
    }
  });

  it('names the photos whose faces could not be described, and stops reading once the rest are done', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const settings = renderIndexing([searching(1), searching(2, 1)], 3);
      await screen.findByText(texts.indexedOf(1, 3));
      expect(screen.queryByText(texts.notDescribed(1))).toBeNull();
      await vi.advanceTimersByTimeAsync(3500);
      await screen.findByText(texts.notDescribed(1));
      expect(screen.getByText(texts.indexedOf(2, 3))).toBeTruthy();
      await expectNoMoreReads(settings);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the seller's view of a PIN's wrong tries", () => {
  const withPin = (pin: PinStatus): PublicGalleryAdmin => ({
    ...admin,
    published: true,
    publicId: 'pub_abcdefgh',
    url: 'https://shutterlane.test/g/pub_abcdefgh',
    hasPin: true,
    pin,
  });
  const LOCKED_AT = '2026-06-14T09:30:00.000Z';

  function renderWith(saved: PublicGalleryAdmin, unlock: () => Promise<PublicGalleryAdmin>) {
    const unlockPublicGalleryPin = vi.fn(unlock);
    render(
      <ServicesProvider
        services={fakeServices({
          ...noneHidden,
          publicGallerySettings: async () => saved,
          unlockPublicGalleryPin,
        })}
      >
        {inPage(<PublicGalleryPanel galleryId="gallery_1234" albumName="Regatta" photos={photos} />)}
      </ServicesProvider>,
    );
    return unlockPublicGalleryPin;
  }
  const pinSection = async () => screen.findByRole('region', { name: texts.pinStatus });

  it('shows how many wrong PINs were typed, and no unlock while not locked', async () => {
    renderWith(withPin({ failures: 3, lastFailureAt: LOCKED_AT, locked: false, belowMinimum: false }), () =>
      Promise.reject(new Error('not called')),
    );
    const section = await pinSection();
    expect(section.textContent).toBe(texts.wrongPins(3, formatDate(LOCKED_AT, 'full')));
    expect(screen.queryByRole('button', { name: texts.unlockPin })).toBeNull();
  });

  it('shows the lock and since when, and lifts it with the unlock button', async () => {
    const unlock = renderWith(
      withPin({
        failures: 200,
        lastFailureAt: LOCKED_AT,
        locked: true,
        lockedAt: LOCKED_AT,
        belowMinimum: false,
      }),
      async () => withPin({ failures: 0, locked: false, belowMinimum: false }),
    );
    const section = await pinSection();
    expect(section.textContent).toContain(texts.pinLocked(formatDate(LOCKED_AT, 'full')));
    expect(section.textContent).toContain('after 200 wrong PINs');
    fireEvent.click(screen.getByRole('button', { name: texts.unlockPin }));
    await vi.waitFor(() => expect((section.textContent ?? '').includes(texts.noWrongPins)).toBe(true));
    expect(unlock).toHaveBeenCalledWith({ galleryId: 'gallery_1234' });
    expect(screen.queryByRole('button', { name: texts.unlockPin })).toBeNull();
  });

  it('keeps the lock and says so when the unlock fails', async () => {
    renderWith(withPin({ failures: 200, locked: true, lockedAt: LOCKED_AT, belowMinimum: false }), () =>
      Promise.reject(new ApiError('Service unavailable', 503, 'Service Unavailable')),
    );
    await pinSection();
    fireEvent.click(screen.getByRole('button', { name: texts.unlockPin }));
    expect((await screen.findByRole('alert')).textContent).toBe('Service unavailable');
    expect(screen.getByRole('button', { name: texts.unlockPin })).toBeTruthy();
  });

  it('asks for a longer PIN when the one set may be shorter than 6 digits', async () => {
    renderWith(withPin({ failures: 0, locked: false, belowMinimum: true }), () =>
      Promise.reject(new Error('not called')),
    );
    expect((await pinSection()).textContent).toContain(texts.pinBelowMinimum);
  });

  it('shows nothing of the kind for a gallery without a PIN', async () => {
    renderWith({ ...admin, published: true }, () => Promise.reject(new Error('not called')));
    await screen.findByRole('form', { name: texts.settings });
    expect(screen.queryByRole('region', { name: texts.pinStatus })).toBeNull();
  });
});
