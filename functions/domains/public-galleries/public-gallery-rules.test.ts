import { describe, expect, it } from 'vitest';
import { publicGalleryErrors } from '#shared/texts/public-gallery-errors';
import type { PublishGalleryBody } from '#shared/schemas/public-gallery';
import { sellerToolErrors } from '#shared/texts/seller-tools-errors';
import { checkPublicSettings, faceSearchChange, faceWalkToQueue } from './public-gallery-rules';

const body = (change: (b: PublishGalleryBody) => void = () => {}): PublishGalleryBody => {
  const b: PublishGalleryBody = {
    published: true,
    settings: {
      title: 'Harbour race',
      pricing: { currency: 'GBP', perPhotoMinor: 500, bundles: [{ photos: 5, priceMinor: 2000 }] },
      watermark: { kind: 'text', text: 'Shutterlane', position: 'center', opacity: 0.5 },
    },
    faceSearch: { enabled: false },
  };
  change(b);
  return b;
};

describe('checkPublicSettings', () => {
  it('accepts a priced gallery and says it is paid', () => {
    expect(checkPublicSettings(body())).toEqual({ ok: true, paid: true });
  });

  it('says a gallery with no price is free', () => {
    const free = body((b) => (b.settings.pricing = { currency: 'GBP', perPhotoMinor: 0, bundles: [] }));
    expect(checkPublicSettings(free)).toEqual({ ok: true, paid: false });
  });

  it("refuses a price under Stripe's minimum, another currency, and dates out of order", () => {
    expect(checkPublicSettings(body((b) => (b.settings.pricing.perPhotoMinor = 20)))).toEqual({
      ok: false,
      message: sellerToolErrors.paidOrderMinimum,
    });
    expect(checkPublicSettings(body((b) => (b.settings.pricing.currency = 'EUR')))).toMatchObject({
      message: sellerToolErrors.currencyNotSupported,
    });
    expect(
      checkPublicSettings(
        body((b) => Object.assign(b.settings, { eventDate: '2026-06-02', endDate: '2026-06-01' })),
      ),
    ).toMatchObject({ message: publicGalleryErrors.endBeforeEvent });
  });

  it('needs a basis to switch the face search on', () => {
    expect(checkPublicSettings(body((b) => (b.faceSearch = { enabled: true })))).toMatchObject({
      message: publicGalleryErrors.basisRequired,
    });
    expect(
      checkPublicSettings(body((b) => (b.faceSearch = { enabled: true, basis: "The event's terms" }))),
    ).toEqual({ ok: true, paid: true });
  });
});

describe('faceSearchChange', () => {
  it('names the switch', () => {
    expect(faceSearchChange(false, true)).toBe('switched-on');
    expect(faceSearchChange(true, false)).toBe('switched-off');
    expect(faceSearchChange(true, true)).toBe('unchanged');
  });
});

describe('faceWalkToQueue', () => {
  const at = '2026-06-02T10:00:00.000Z';

  it("names a switch-on's walk until it was queued", () => {
    expect(faceWalkToQueue({ enabled: true, enabledAt: at })).toBe(at);
    expect(faceWalkToQueue({ enabled: true, enabledAt: at, walkQueuedFor: at })).toBeUndefined();
  });

  it('queues the walk of a later switch-on even when an earlier one was queued', () => {
    const later = '2026-06-03T10:00:00.000Z';
    expect(faceWalkToQueue({ enabled: true, enabledAt: later, walkQueuedFor: at })).toBe(later);
  });

  it('queues nothing while the search is off', () => {
    expect(faceWalkToQueue({ enabled: false, enabledAt: at })).toBeUndefined();
    expect(faceWalkToQueue({ enabled: false })).toBeUndefined();
  });
});
