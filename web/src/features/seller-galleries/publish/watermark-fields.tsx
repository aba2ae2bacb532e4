/**
 * The previews' watermark: text or the seller's logo, position and opacity. The logo is
 * offered only once the seller has one; until then its option is disabled, with the way to add one.
 */
import { useId } from 'react';
import { Link } from 'react-router';
import { brandingErrors } from '#shared/rules/branding';
import { PUBLIC_GALLERY_LIMITS } from '#shared/rules/public-gallery-limits';
import { TextField } from '../../../components/form-field';
import type { FieldsProps, WatermarkKind, WatermarkPosition } from './public-gallery-form';
import { publicGalleryTexts as texts } from './public-gallery-texts';

const POSITIONS = Object.keys(texts.positions) as WatermarkPosition[];

const KINDS: { kind: WatermarkKind; label: string }[] = [
  { kind: 'text', label: texts.textKind },
  { kind: 'logo', label: texts.logoKind },
];

/** `hasLogo`: the signed-in seller has a logo on their profile. */
export function WatermarkFields({ form, change, hasLogo }: FieldsProps & { hasLogo: boolean }) {
  const positionId = useId();
  const opacityId = useId();
  const logoNoteId = useId();
  return (
    <fieldset>
      <legend>{texts.watermark}</legend>
      <p className="hint">{texts.watermarkHint}</p>
      <fieldset>
        <legend>{texts.watermarkKind}</legend>
        {KINDS.map(({ kind, label }) => {
          // A gallery saved with the logo stays shown so (and can be switched to text) after a removal.
          const unavailable = kind === 'logo' && !hasLogo;
          return (
            <label key={kind} className="radio">
              <input
                type="radio"
                name="public-gallery-watermark"
                value={kind}
                checked={form.watermarkKind === kind}
                disabled={unavailable && form.watermarkKind !== 'logo'}
                aria-describedby={unavailable ? logoNoteId : undefined}
                onChange={() => change({ watermarkKind: kind })}
              />{' '}
              {label}
            </label>
          );
        })}
        {!hasLogo && (
          <p className="hint" id={logoNoteId}>
            {brandingErrors.logoWatermarkNeedsLogo}. <Link to="/profile">{texts.openProfile}</Link>
          </p>
        )}
      </fieldset>
      {form.watermarkKind === 'text' && (
        <TextField
          label={texts.watermarkText}
          value={form.watermarkText}
          onChange={(watermarkText) => change({ watermarkText })}
          required
          maxLength={PUBLIC_GALLERY_LIMITS.watermarkText}
        />
      )}
      <div className="field">
        <label htmlFor={positionId}>{texts.position}</label>
        <select
          id={positionId}
          value={form.watermarkPosition}
          onChange={(e) => change({ watermarkPosition: e.target.value as WatermarkPosition })}
        >
          {POSITIONS.map((position) => (
            <option key={position} value={position}>
              {texts.positions[position]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={opacityId}>
          {texts.opacity}: <output htmlFor={opacityId}>{texts.opacityValue(form.opacityPercent)}</output>
        </label>
        <input
          id={opacityId}
          type="range"
          min={10}
          max={100}
          step={5}
          value={form.opacityPercent}
          aria-valuetext={texts.opacityValue(form.opacityPercent)}
          onChange={(e) => change({ opacityPercent: Number(e.target.value) })}
        />
      </div>
    </fieldset>
  );
}
