/**
 * The public gallery's first fields: the Published switch, title, event and end dates, cover photo
 * (from the gallery's ready photos) and the optional PIN, which is never shown back: the seller can
 * replace it or remove it.
 */
import { useId } from 'react';
import { PUBLIC_GALLERY_LIMITS } from '#shared/rules/public-gallery-limits';
import type { Photo } from '#shared/schemas/gallery';
import { TextField } from '../../../components/form-field';
import type { FieldsProps } from './public-gallery-form';
import { publicGalleryTexts as texts } from './public-gallery-texts';

const nameOf = (photo: Photo) => photo.description ?? photo.photoId;

function CoverSelect({ form, change, photos }: FieldsProps & { photos: Photo[] }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{texts.cover}</label>
      <select id={id} value={form.coverPhotoId} onChange={(e) => change({ coverPhotoId: e.target.value })}>
        <option value="">{texts.noCover}</option>
        {photos.map((photo) => (
          <option key={photo.photoId} value={photo.photoId}>
            {nameOf(photo)}
          </option>
        ))}
      </select>
    </div>
  );
}

function PinFields({ form, change, hasPin }: FieldsProps & { hasPin: boolean }) {
  const hintId = useId();
  return (
    <>
      <TextField
        label={texts.pin}
        value={form.pin}
        onChange={(pin) => change({ pin })}
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        minLength={PUBLIC_GALLERY_LIMITS.pin.min}
        maxLength={PUBLIC_GALLERY_LIMITS.pin.max}
        disabled={form.removePin}
        aria-describedby={hintId}
      />
      <p className="hint" id={hintId}>
        {hasPin ? `${texts.pinSet} ${texts.pinHint}` : texts.pinHint}
      </p>
      {hasPin && (
        <label className="radio">
          <input
            type="checkbox"
            checked={form.removePin}
            onChange={(e) => change({ removePin: e.target.checked })}
          />{' '}
          {texts.removePin}
        </label>
      )}
    </>
  );
}

export function PublishBasics(props: FieldsProps & { photos: Photo[]; hasPin: boolean }) {
  const { form, change } = props;
  const endHintId = useId();
  return (
    <>
      <label className="radio switch">
        <input
          type="checkbox"
          role="switch"
          checked={form.published}
          onChange={(e) => change({ published: e.target.checked })}
        />{' '}
        {texts.published}
      </label>
      <TextField
        label={texts.title}
        value={form.title}
        onChange={(title) => change({ title })}
        required
        maxLength={PUBLIC_GALLERY_LIMITS.title}
      />
      <TextField
        label={texts.eventDate}
        type="date"
        value={form.eventDate}
        onChange={(eventDate) => change({ eventDate })}
      />
      <TextField
        label={texts.endDate}
        type="date"
        value={form.endDate}
        min={form.eventDate || undefined}
        onChange={(endDate) => change({ endDate })}
        aria-describedby={endHintId}
      />
      <p className="hint" id={endHintId}>
        {texts.endDateHint}
      </p>
      <CoverSelect {...props} />
      <PinFields {...props} />
    </>
  );
}
