/**
 * The seller's public gallery form as plain values (what the inputs hold, prices as typed in pounds)
 * and its two conversions: from the server's settings into the form, and from the form into the
 * publish call's body (prices in pence, as the contract and the pricing rule take them). The form
 * refuses here only what it can word better than the server; the server checks everything again.
 */
import { isFreeGallery } from '#shared/rules/public-gallery-price';
import { fromMinorUnits, toMinorUnits } from '#shared/rules/money';
import { PUBLIC_GALLERY_LIMITS } from '#shared/rules/public-gallery-limits';
import type { PublicGalleryAdmin, PublishGalleryBody } from '#shared/schemas/public-gallery';
import { publicGalleryTexts as texts } from './public-gallery-texts';

/** Public galleries are priced in pounds for now, as orders are. */
export const CURRENCY = 'GBP';

type WatermarkSettings = PublishGalleryBody['settings']['watermark'];
export type WatermarkPosition = WatermarkSettings['position'];
export type WatermarkKind = WatermarkSettings['kind'];
export type BasisChoice = keyof typeof texts.basisOptions;

export interface BundleRow {
  photos: string;
  price: string;
}

export interface PublishForm {
  published: boolean;
  title: string;
  /** YYYY-MM-DD as a date input holds it; '' for none. */
  eventDate: string;
  endDate: string;
  /** '' for no cover. */
  coverPhotoId: string;
  /** A new PIN; '' keeps the one set (if any). */
  pin: string;
  removePin: boolean;
  free: boolean;
  perPhoto: string;
  bundles: BundleRow[];
  /** '' for no all-photos price. */
  allPhotos: string;
  /** The seller's logo needs one on their profile; the text is kept while the logo is chosen. */
  watermarkKind: WatermarkKind;
  watermarkText: string;
  watermarkPosition: WatermarkPosition;
  opacityPercent: number;
  faceSearch: boolean;
  basisChoice: BasisChoice | '';
  basisOther: string;
}

const DEFAULT_OPACITY_PERCENT = 50;

/** Pence as the seller reads and types them: '4.50'. */
const majorText = (minor: number): string => fromMinorUnits(minor, CURRENCY).toFixed(2);

/** The basis the server kept, back into the form's choice: one of ours, or the seller's own words. */
function basisFields(basis: string | undefined): Pick<PublishForm, 'basisChoice' | 'basisOther'> {
  if (!basis) return { basisChoice: '', basisOther: '' };
  const preset = (Object.keys(texts.basisOptions) as BasisChoice[]).find(
    (choice) => choice !== 'other' && texts.basisOptions[choice] === basis,
  );
  return preset ? { basisChoice: preset, basisOther: '' } : { basisChoice: 'other', basisOther: basis };
}

/** The form for a gallery: its saved settings, or our defaults (titled after the album) before any. */
export function formFromAdmin(admin: PublicGalleryAdmin, albumName: string): PublishForm {
  const settings = admin.settings;
  const pricing = settings?.pricing;
  const watermark = settings?.watermark;
  return {
    published: admin.published,
    title: settings?.title ?? albumName,
    eventDate: settings?.eventDate ?? '',
    endDate: settings?.endDate ?? '',
    coverPhotoId: settings?.coverPhotoId ?? '',
    pin: '',
    removePin: false,
    free: pricing ? isFreeGallery(pricing) : false,
    perPhoto: pricing && !isFreeGallery(pricing) ? majorText(pricing.perPhotoMinor) : '',
    bundles: (pricing?.bundles ?? []).map((b) => ({
      photos: String(b.photos),
      price: majorText(b.priceMinor),
    })),
    allPhotos: pricing?.allPhotosMinor === undefined ? '' : majorText(pricing.allPhotosMinor),
    watermarkKind: watermark?.kind ?? 'text',
    watermarkText: watermark?.kind === 'text' ? watermark.text : texts.defaultWatermarkText,
    watermarkPosition: watermark?.position ?? 'center',
    opacityPercent: watermark ? Math.round(watermark.opacity * 100) : DEFAULT_OPACITY_PERCENT,
    faceSearch: admin.faceSearch.enabled,
    ...basisFields(admin.faceSearch.basis),
  };
}

class FormRefusal extends Error {}

/** Pounds as typed ('4.50', '4,5', '12') into pence; refuses anything else, and 0 (that is Free). */
function pence(typed: string, field: string): number {
  const trimmed = typed.trim();
  if (!/^\d+([.,]\d{1,2})?$/.test(trimmed)) throw new FormRefusal(texts.errors.price(field));
  const minor = toMinorUnits(Number(trimmed.replace(',', '.')), CURRENCY);
  if (minor === 0) throw new FormRefusal(texts.errors.aboveZero(field));
  if (minor > PUBLIC_GALLERY_LIMITS.maxPriceMinor) throw new FormRefusal(texts.errors.price(field));
  return minor;
}

function bundlePhotos(typed: string, n: number): number {
  const photos = Number(typed.trim());
  const { min, max } = PUBLIC_GALLERY_LIMITS.bundlePhotos;
  if (!Number.isInteger(photos) || photos < min || photos > max)
    throw new FormRefusal(texts.errors.bundlePhotos(n));
  return photos;
}

type Pricing = PublishGalleryBody['settings']['pricing'];

function pricing(form: PublishForm): Pricing {
  if (form.free) return { currency: CURRENCY, perPhotoMinor: 0, bundles: [] };
  return {
    currency: CURRENCY,
    perPhotoMinor: pence(form.perPhoto, texts.perPhoto),
    bundles: form.bundles.map((row, i) => ({
      photos: bundlePhotos(row.photos, i + 1),
      priceMinor: pence(row.price, texts.bundlePrice(i + 1)),
    })),
    ...(form.allPhotos.trim() !== '' && { allPhotosMinor: pence(form.allPhotos, texts.allPhotos) }),
  };
}

/** The basis the seller confirmed for switching face search on, in words the server keeps. */
function faceSearchBasis(form: PublishForm): string {
  if (form.basisChoice === '') throw new FormRefusal(texts.errors.basisMissing);
  if (form.basisChoice !== 'other') return texts.basisOptions[form.basisChoice];
  const described = form.basisOther.trim();
  if (described.length < 3) throw new FormRefusal(texts.errors.basisTooShort);
  return described;
}

function watermark(form: PublishForm): WatermarkSettings {
  const placed = { position: form.watermarkPosition, opacity: form.opacityPercent / 100 };
  return form.watermarkKind === 'logo'
    ? { kind: 'logo', ...placed }
    : { kind: 'text', text: form.watermarkText.trim(), ...placed };
}

function newPin(form: PublishForm): string | undefined {
  const pin = form.pin.trim();
  if (form.removePin || pin === '') return undefined;
  const { min, max } = PUBLIC_GALLERY_LIMITS.pin;
  if (!/^\d+$/.test(pin) || pin.length < min || pin.length > max) throw new FormRefusal(texts.errors.pin);
  return pin;
}

/** The publish call's body, or the first thing the seller has to fix (a sentence to show). */
export function publishBody(form: PublishForm): { body: PublishGalleryBody } | { refusal: string } {
  try {
    const pin = newPin(form);
    const body: PublishGalleryBody = {
      published: form.published,
      settings: {
        title: form.title.trim(),
        ...(form.eventDate && { eventDate: form.eventDate }),
        ...(form.endDate && { endDate: form.endDate }),
        ...(form.coverPhotoId && { coverPhotoId: form.coverPhotoId }),
        ...(pin && { pin }),
        pricing: pricing(form),
        watermark: watermark(form),
      },
      ...(form.removePin && { removePin: true }),
      faceSearch: form.faceSearch ? { enabled: true, basis: faceSearchBasis(form) } : { enabled: false },
    };
    return { body };
  } catch (error) {
    if (error instanceof FormRefusal) return { refusal: error.message };
    throw error;
  }
}

/** What each group of the form's fields takes: the values, and a change to some of them. */
export interface FieldsProps {
  form: PublishForm;
  change: (patch: Partial<PublishForm>) => void;
}
