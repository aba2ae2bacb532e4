/**
 * The previews' watermark: text, position and opacity. A logo watermark is offered but disabled until
 * logo upload exists (the server refuses the logo kind for now), so sellers know it is coming.
 */
import { useId } from 'react';
import { PUBLIC_GALLERY_LIMITS } from '#shared/public-gallery-limits';
import { TextField } from '../../components/form-field';
import type { FieldsProps, WatermarkPosition } from './public-gallery-form';
import { publicGalleryTexts as texts } from './public-gallery-texts';

const POSITIONS = Object.keys(texts.positions) as WatermarkPosition[];

export function WatermarkFields({ form, change }: FieldsProps) {
  const positionId = useId();
  const opacityId = useId();
  const logoNoteId = useId();
  return (
    <fieldset>
      <legend>{texts.watermark}</legend>
      <p className="hint">{texts.watermarkHint}</p>
      <fieldset>
        <legend>{texts.watermarkKind}</legend>
        <label className="radio">
          <input type="radio" name="public-gallery-watermark" checked readOnly /> {texts.textKind}
        </label>
        <label className="radio">
          <input type="radio" name="public-gallery-watermark" disabled aria-describedby={logoNoteId} />{' '}
          {texts.logoKind}
        </label>
        <p className="hint" id={logoNoteId}>
          {texts.logoNote}
        </p>
      </fieldset>
      <TextField
        label={texts.watermarkText}
        value={form.watermarkText}
        onChange={(watermarkText) => change({ watermarkText })}
        required
        maxLength={PUBLIC_GALLERY_LIMITS.watermarkText}
      />
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
