import { describe, expect, it } from 'vitest';
import type { PublicGalleryAdmin } from '#shared/schemas/public-gallery';
import { formFromAdmin, publishBody, type PublishForm } from './public-gallery-form';
import { publicGalleryTexts as texts } from './public-gallery-texts';

const unpublished: PublicGalleryAdmin = {
  galleryId: 'gallery_1234',
  published: false,
  closed: false,
  hasPin: false,
  faceSearch: { enabled: false, photosIndexed: 0, photosNotDescribed: 0 },
  sales: { orders: 0, paidOrders: 0, revenue: 0, currency: 'GBP' },
  activity: { opened: 0, photoViews: 0, selfieSearches: 0, picks: 0, paid: 0 },
};

const form = (patch: Partial<PublishForm> = {}): PublishForm => ({
  ...formFromAdmin(unpublished, 'Regatta'),
  perPhoto: '4.50',
  ...patch,
});

describe('the public gallery form', () => {
  it('starts from the album name and a text watermark before any settings exist', () => {
    expect(formFromAdmin(unpublished, 'Regatta')).toMatchObject({
      title: 'Regatta',
      free: false,
      bundles: [],
      watermarkText: texts.defaultWatermarkText,
      faceSearch: false,
    });
  });

  it('sends the pounds typed as pence', () => {
    const checked = publishBody(
      form({
        perPhoto: '4,5',
        bundles: [{ photos: '5', price: '20' }],
        allPhotos: '99.99',
      }),
    );
    expect(checked).toEqual({
      body: expect.objectContaining({
        settings: expect.objectContaining({
          pricing: {
            currency: 'GBP',
            perPhotoMinor: 450,
            bundles: [{ photos: 5, priceMinor: 2000 }],
            allPhotosMinor: 9999,
          },
        }),
      }),
    });
  });

  it('reads saved pence back as pounds, and a free gallery as Free', () => {
    const settings = {
      title: 'Regatta',
      pricing: { currency: 'GBP', perPhotoMinor: 450, bundles: [{ photos: 5, priceMinor: 2000 }] },
      watermark: { kind: 'text' as const, text: 'Proof', position: 'tiled' as const, opacity: 0.3 },
    };
    expect(formFromAdmin({ ...unpublished, settings }, 'x')).toMatchObject({
      perPhoto: '4.50',
      bundles: [{ photos: '5', price: '20.00' }],
      allPhotos: '',
      opacityPercent: 30,
    });
    const free = { ...settings, pricing: { currency: 'GBP', perPhotoMinor: 0, bundles: [] } };
    expect(formFromAdmin({ ...unpublished, settings: free }, 'x')).toMatchObject({
      free: true,
      perPhoto: '',
    });
  });

  it('sends a free gallery as zero with no bundle, whatever was typed before', () => {
    const checked = publishBody(form({ free: true, perPhoto: 'abc', bundles: [{ photos: '', price: '' }] }));
    expect('body' in checked && checked.body.settings.pricing).toEqual({
      currency: 'GBP',
      perPhotoMinor: 0,
      bundles: [],
    });
  });

  it.each([
    [{ perPhoto: '4.505' }, texts.errors.price(texts.perPhoto)],
    [{ perPhoto: '0' }, texts.errors.aboveZero(texts.perPhoto)],
    [{ bundles: [{ photos: '1', price: '3' }] }, texts.errors.bundlePhotos(1)],
    [{ allPhotos: 'lots' }, texts.errors.price(texts.allPhotos)],
    [{ pin: '12a4' }, texts.errors.pin],
    // A new PIN has 6 digits at least: 4 and 5 digits were allowed once, no longer.
    [{ pin: '2468' }, texts.errors.pin],
    [{ pin: '24680' }, texts.errors.pin],
    [{ pin: '246801357' }, texts.errors.pin],
  ])('refuses %j', (patch, refusal) => {
    expect(publishBody(form(patch))).toEqual({ refusal });
  });

  it('requires a basis to switch face search on, and sends the one confirmed', () => {
    expect(publishBody(form({ faceSearch: true }))).toEqual({ refusal: texts.errors.basisMissing });
    expect(publishBody(form({ faceSearch: true, basisChoice: 'other', basisOther: ' ' }))).toEqual({
      refusal: texts.errors.basisTooShort,
    });
    const checked = publishBody(form({ faceSearch: true, basisChoice: 'event-terms' }));
    expect('body' in checked && checked.body.faceSearch).toEqual({
      enabled: true,
      basis: texts.basisOptions['event-terms'],
    });
    expect(publishBody(form({ faceSearch: false, basisChoice: '' }))).toMatchObject({
      body: { faceSearch: { enabled: false } },
    });
  });

  it('reads a saved logo watermark back as the logo, and sends the logo without a text', () => {
    const settings = {
      title: 'Regatta',
      pricing: { currency: 'GBP', perPhotoMinor: 450, bundles: [] },
      watermark: { kind: 'logo' as const, position: 'bottom-right' as const, opacity: 0.4 },
    };
    const saved = formFromAdmin({ ...unpublished, settings }, 'x');
    expect(saved).toMatchObject({
      watermarkKind: 'logo',
      watermarkText: texts.defaultWatermarkText,
      watermarkPosition: 'bottom-right',
      opacityPercent: 40,
    });
    const checked = publishBody(saved);
    expect('body' in checked && checked.body.settings.watermark).toEqual({
      kind: 'logo',
      position: 'bottom-right',
      opacity: 0.4,
    });
    const text = publishBody({ ...saved, watermarkKind: 'text', watermarkText: ' Proof ' });
    expect('body' in text && text.body.settings.watermark).toEqual({
      kind: 'text',
      text: 'Proof',
      position: 'bottom-right',
      opacity: 0.4,
    });
  });

  it('sends a new PIN, or the removal, never both', () => {
    expect(publishBody(form({ pin: '246813' }))).toMatchObject({ body: { settings: { pin: '246813' } } });
    const removed = publishBody(form({ pin: '246813', removePin: true }));
    expect(removed).toMatchObject({ body: { removePin: true } });
    expect('body' in removed && 'pin' in removed.body.settings).toBe(false);
  });
});
