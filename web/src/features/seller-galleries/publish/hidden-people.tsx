/**
 * "Hide a person" in a public gallery's section: a reference photo described on this device (face-api,
 * loaded only when a photo is chosen, as a customer's selfie is), the hidden people with how many photos
 * each withholds, and the withheld photos to review, each shown again with one click.
 */
import { useId, useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import { Progress } from '../../../components/progress';
import { errorMessage } from '../../../lib/error-message';
import { useServices } from '../../../lib/services';
import { useAction } from '../../../lib/use-action';
import { formatDate } from '#shared/rules/dates';
import { hiddenPeopleTexts as texts } from './hidden-people-texts';
import { useHiddenPeople } from './use-hidden-people';

function HidePersonForm({ galleryId, onHidden }: { galleryId: string; onHidden: () => void }) {
  const { api } = useServices();
  const labelId = useId();
  const fileId = useId();
  const [label, setLabel] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<'describing' | 'matching' | null>(null);
  const hide = useAction({
    run: async () => {
      if (!file) return;
      setStep('describing');
      try {
        const { describeSelfie } = await import('../../../lib/faces/selfie-descriptor');
        const descriptor = await describeSelfie(file);
        if (descriptor === 'no-face') return texts.noFace;
        if (descriptor === 'many-faces') return texts.manyFaces;
        setStep('matching');
        await api.hidePerson({ galleryId }, { label: label.trim(), descriptor: Array.from(descriptor) });
        setLabel('');
        setFile(null);
        onHidden();
      } finally {
        setStep(null);
      }
    },
    failure: (error) => errorMessage(error, texts.hideFailed),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void hide.run();
  };
  return (
    <form className="hide-person-form" onSubmit={submit}>
      <label htmlFor={labelId}>{texts.label}</label>
      <input id={labelId} value={label} required maxLength={80} onChange={(e) => setLabel(e.target.value)} />
      <label htmlFor={fileId}>{texts.reference}</label>
      <input
        id={fileId}
        type="file"
        accept="image/*"
        onChange={(event) => setFile(event.target.files?.[0] ?? null)}
      />
      <p className="hint">{texts.privacy}</p>
      <button type="submit" className="button" disabled={hide.busy || !file || label.trim() === ''}>
        {texts.hide}
      </button>
      {step && <Progress label={step === 'describing' ? texts.describing : texts.matching} />}
      <ErrorMessage message={hide.error} />
    </form>
  );
}

export function HiddenPeoplePanel({ galleryId }: { galleryId: string }) {
  const { api } = useServices();
  const headingId = useId();
  const hidden = useHiddenPeople(galleryId);
  const remove = useAction({
    run: async (personId: string) => {
      await api.unhidePerson({ galleryId, personId });
      hidden.reset();
    },
    failure: texts.removeFailed,
  });
  const release = useAction({
    run: async (photoId: string) => {
      await api.releasePhoto({ galleryId, photoId });
      hidden.reset();
    },
    failure: texts.releaseFailed,
  });
  const { view } = hidden;
  return (
    <section className="panel hidden-people" aria-labelledby={headingId}>
      <h3 id={headingId}>{texts.heading}</h3>
      <p className="hint">{texts.intro}</p>
      <HidePersonForm galleryId={galleryId} onHidden={() => hidden.reset()} />
      {hidden.query.status === 'loading' && <Progress label={texts.loading} />}
      {hidden.query.status === 'error' && !view && (
        <>
          <ErrorMessage message={errorMessage(hidden.query.error, texts.loadFailed)} />
          <button type="button" className="button button-secondary" onClick={() => hidden.reset()}>
            {texts.tryAgain}
          </button>
        </>
      )}
      {view && (
        <>
          <h4>{texts.people}</h4>
          {view.people.length === 0 ? (
            <p>{texts.nobody}</p>
          ) : (
            <ul className="hidden-people-list">
              {view.people.map((person) => (
                <li key={person.personId}>
                  <span>
                    {person.label} · {formatDate(person.addedAt, 'short')} ·{' '}
                    {texts.withheldCount(person.withheldPhotos)}
                  </span>
                  <button
                    type="button"
                    className="button-link"
                    disabled={remove.busy}
                    onClick={() => void remove.run(person.personId)}
                  >
                    {texts.remove(person.label)}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <ErrorMessage message={remove.error} />
          <h4>{texts.withheld}</h4>
          {hidden.withheld.length === 0 && <p>{texts.noneWithheld}</p>}
          <ul className="withheld-photos">
            {hidden.withheld.map((photo, i) => (
              <li key={photo.photoId} data-testid="withheld-photo">
                <img
                  src={photo.thumbnailUrl}
                  alt={texts.withheldPhoto(i + 1)}
                  width={160}
                  height={120}
                  loading="lazy"
                />
                <button
                  type="button"
                  className="button button-secondary"
                  aria-label={texts.releaseLabel(i + 1)}
                  disabled={release.busy}
                  onClick={() => void release.run(photo.photoId)}
                >
                  {texts.release}
                </button>
              </li>
            ))}
          </ul>
          <ErrorMessage message={release.error} />
          {hidden.hasMore && (
            <button type="button" className="button button-secondary" onClick={() => void hidden.loadMore()}>
              {texts.more}
            </button>
          )}
        </>
      )}
    </section>
  );
}
