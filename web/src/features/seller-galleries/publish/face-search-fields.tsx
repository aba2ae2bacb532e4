/**
 * The face search switch ("Find my photos"). Switching it on asks the seller for the basis that allows
 * processing the faces of everyone photographed (sent and kept with the setting) and says what is
 * kept and for how long, before the seller saves.
 */
import { useId } from 'react';
import { PUBLIC_GALLERY_LIMITS } from '#shared/rules/public-gallery-limits';
import { TextField } from '../../../components/form-field';
import type { BasisChoice, FieldsProps } from './public-gallery-form';
import { publicGalleryTexts as texts } from './public-gallery-texts';

const CHOICES = Object.keys(texts.basisOptions) as BasisChoice[];

function BasisFields({ form, change }: FieldsProps) {
  const id = useId();
  return (
    <>
      <div className="field">
        <label htmlFor={id}>{texts.basis}</label>
        <select
          id={id}
          required
          value={form.basisChoice}
          onChange={(e) => change({ basisChoice: e.target.value as BasisChoice | '' })}
        >
          <option value="">{texts.basisChoose}</option>
          {CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {texts.basisOptions[choice]}
            </option>
          ))}
        </select>
      </div>
      {form.basisChoice === 'other' && (
        <TextField
          label={texts.basisOther}
          value={form.basisOther}
          onChange={(basisOther) => change({ basisOther })}
          required
          minLength={3}
          maxLength={PUBLIC_GALLERY_LIMITS.faceSearchBasis}
        />
      )}
      <p className="notice" data-testid="face-search-retention">
        {texts.retention}
      </p>
    </>
  );
}

export function FaceSearchFields({ form, change }: FieldsProps) {
  const hintId = useId();
  return (
    <fieldset>
      <legend>{texts.faceSearch}</legend>
      <label className="radio switch">
        <input
          type="checkbox"
          role="switch"
          checked={form.faceSearch}
          aria-describedby={hintId}
          onChange={(e) => change({ faceSearch: e.target.checked })}
        />{' '}
        {texts.faceSearch}
      </label>
      <p className="hint" id={hintId}>
        {texts.faceSearchHint}
      </p>
      {form.faceSearch && <BasisFields form={form} change={change} />}
    </fieldset>
  );
}
