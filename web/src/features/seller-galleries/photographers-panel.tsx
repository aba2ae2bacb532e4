/**
 * Gives the gallery to photographers of the team (a manager's or the owner's): they may then upload to
 * it and see its photos. The list saved is the server's answer.
 */
import { useState } from 'react';
import type { Gallery } from '#shared/schemas/gallery';
import { sellerGalleryErrors } from '#shared/texts/errors';
import { ErrorMessage } from '../../components/error-message';
import { useServices } from '../../lib/services';
import { useAction } from '../../lib/use-action';
import { currentMembers, useTeamDirectory } from '../../lib/use-team-directory';
import { sellerGalleryTexts as texts } from './texts';

export function PhotographersPanel({ gallery }: { gallery: Pick<Gallery, 'galleryId' | 'photographers'> }) {
  const { api } = useServices();
  const team = useTeamDirectory();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set(gallery.photographers ?? []));
  const [saved, setSaved] = useState(false);
  const save = useAction({
    run: async () => {
      const answer = await api.setGalleryPhotographers(
        { galleryId: gallery.galleryId },
        { memberIds: [...chosen] },
      );
      setChosen(new Set(answer.photographers ?? []));
      setSaved(true);
    },
    failure: sellerGalleryErrors.generic,
  });
  if (!team) return null;
  const photographers = currentMembers(team).filter((member) => member.role === 'photographer');
  const toggle = (id: string) => {
    setSaved(false);
    setChosen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  };
  return (
    <section className="panel" aria-labelledby="photographers-title">
      <h2 id="photographers-title">{texts.photographersTitle}</h2>
      {photographers.length === 0 ? (
        <p className="hint">{texts.noPhotographers}</p>
      ) : (
        <>
          <p className="hint">{texts.photographersHint}</p>
          <fieldset>
            <legend className="visually-hidden">{texts.photographersTitle}</legend>
            {photographers.map((member) => (
              <label key={member.id} className="radio">
                <input type="checkbox" checked={chosen.has(member.id)} onChange={() => toggle(member.id)} />{' '}
                {member.name}
              </label>
            ))}
          </fieldset>
          <ErrorMessage message={save.error} />
          {saved && (
            <p className="success-message" role="status">
              {texts.photographersSaved}
            </p>
          )}
          <button type="button" className="button" disabled={save.busy} onClick={() => void save.run()}>
            {save.busy ? texts.savingPhotographers : texts.savePhotographers}
          </button>
        </>
      )}
    </section>
  );
}
