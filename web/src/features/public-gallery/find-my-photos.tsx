/**
 * "Find my photos" (galleries whose seller switched face search on): a button opens the panel, which
 * says what the search does with the selfie before anything happens; once the customer agrees, they
 * take or pick a selfie and the gallery shows the photos they appear in.
 */
import { useId, useState, type ChangeEvent } from 'react';
import { ErrorMessage } from '../../components/error-message';
import { Progress } from '../../components/progress';
import { publicGalleryTexts as texts } from './texts';
import { useFaceSearch, type FaceSearchOptions, type SearchStep } from './use-face-search';

function SearchStatus({ state }: { state: SearchStep }) {
  switch (state.step) {
    case 'describing':
      return <Progress label={texts.lookingForFace} />;
    case 'searching':
      return <Progress label={texts.searching} />;
    case 'no-face':
      return <ErrorMessage message={texts.noFace} />;
    case 'many-faces':
      return <ErrorMessage message={texts.manyFaces} />;
    case 'failed':
      return <ErrorMessage message={state.message} />;
    case 'no-match':
      return (
        <p role="status" data-testid="face-search-no-match">
          {texts.noMatch}
        </p>
      );
    default:
      return null;
  }
}

export function FindMyPhotos(options: FaceSearchOptions) {
  const [open, setOpen] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const ids = { panel: useId(), heading: useId(), file: useId(), hint: useId() };
  const { state, search } = useFaceSearch({
    ...options,
    onFound: (photos) => {
      setOpen(false); // the grid now shows the matches
      options.onFound(photos);
    },
  });
  const busy = state.step === 'describing' || state.step === 'searching';
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const selfie = event.target.files?.[0];
    // Cleared so that picking the same file again searches again.
    event.target.value = '';
    if (selfie) void search(selfie);
  };

  return (
    <div className="find-my-photos">
      <button
        type="button"
        className="button button-secondary"
        aria-expanded={open}
        aria-controls={open ? ids.panel : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        {texts.findMyPhotos}
      </button>
      {/* Rendered only while open: `.panel`'s display would override a `hidden` attribute. */}
      {open && (
        <section
          id={ids.panel}
          className="panel find-panel"
          aria-labelledby={ids.heading}
          data-testid="find-my-photos-panel"
        >
          <h2 id={ids.heading}>{texts.findMyPhotos}</h2>
          <p>{texts.findExplanation}</p>
          <label className="find-agree">
            <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />{' '}
            {texts.agree}
          </label>
          <div className="find-selfie">
            <label htmlFor={ids.file}>{texts.selfie}</label>
            <input
              id={ids.file}
              type="file"
              accept="image/*"
              capture="user"
              disabled={!agreed || busy}
              aria-describedby={ids.hint}
              onChange={choose}
            />
          </div>
          <p className="hint" id={ids.hint}>
            {texts.selfieHint}
          </p>
          <SearchStatus state={state} />
          <button type="button" className="button-link" onClick={() => setOpen(false)}>
            {texts.closePanel}
          </button>
        </section>
      )}
    </div>
  );
}
