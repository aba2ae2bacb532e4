/**
 * The public gallery's prices, typed in pounds: Paid (a price per photo, up to five bundles and an
 * optional all-photos price) or Free. The form turns them into pence when it is sent.
 */
import { PUBLIC_GALLERY_LIMITS } from '#shared/rules/public-gallery-limits';
import { TextField } from '../../../components/form-field';
import type { BundleRow, FieldsProps } from './public-gallery-form';
import { publicGalleryTexts as texts } from './public-gallery-texts';

function BundleRows({ form, change }: FieldsProps) {
  const setRow = (index: number, patch: Partial<BundleRow>) =>
    change({ bundles: form.bundles.map((row, i) => (i === index ? { ...row, ...patch } : row)) });
  return (
    <fieldset>
      <legend>{texts.bundles}</legend>
      <p className="hint">{texts.bundlesHint}</p>
      {form.bundles.map((row, i) => (
        // Rows have no identity of their own but their place: removing one renumbers the rest.
        <div className="bundle-row" key={i}>
          <TextField
            label={texts.bundlePhotos(i + 1)}
            value={row.photos}
            onChange={(photos) => setRow(i, { photos })}
            inputMode="numeric"
            required
          />
          <TextField
            label={texts.bundlePrice(i + 1)}
            value={row.price}
            onChange={(price) => setRow(i, { price })}
            inputMode="decimal"
            required
          />
          <button
            type="button"
            className="button-link"
            onClick={() => change({ bundles: form.bundles.filter((_, j) => j !== i) })}
          >
            {texts.removeBundle(i + 1)}
          </button>
        </div>
      ))}
      {form.bundles.length < PUBLIC_GALLERY_LIMITS.bundles && (
        <button
          type="button"
          className="button button-secondary"
          onClick={() => change({ bundles: [...form.bundles, { photos: '', price: '' }] })}
        >
          {texts.addBundle}
        </button>
      )}
    </fieldset>
  );
}

export function PricingFields({ form, change }: FieldsProps) {
  return (
    <fieldset>
      <legend>{texts.pricing}</legend>
      {([false, true] as const).map((free) => (
        <label key={String(free)} className="radio">
          <input
            type="radio"
            name="public-gallery-pricing"
            checked={form.free === free}
            onChange={() => change({ free })}
          />{' '}
          {free ? texts.free : texts.paid}
        </label>
      ))}
      {form.free ? (
        <p className="hint">{texts.freeHint}</p>
      ) : (
        <>
          <TextField
            label={texts.perPhoto}
            value={form.perPhoto}
            onChange={(perPhoto) => change({ perPhoto })}
            inputMode="decimal"
            required
          />
          <BundleRows form={form} change={change} />
          <TextField
            label={texts.allPhotos}
            value={form.allPhotos}
            onChange={(allPhotos) => change({ allPhotos })}
            inputMode="decimal"
          />
        </>
      )}
    </fieldset>
  );
}
