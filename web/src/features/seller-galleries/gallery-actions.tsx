/** Rename and delete a gallery (delete takes its photos and files with it, after a confirmation). */
import { useState, type FormEvent } from 'react';
import type { Gallery } from '#shared/schemas/gallery';
import { sellerGalleryErrors } from '#shared/texts/errors';
import { ErrorMessage } from '../../components/error-message';
import { TextField } from '../../components/form-field';
import { useServices } from '../../lib/services';
import { useAction } from '../../lib/use-action';
import { sellerGalleryTexts as texts } from './texts';

export function GalleryActions({
  gallery,
  onRenamed,
  onDeleted,
}: {
  gallery: Gallery;
  onRenamed: (albumName: string) => void;
  onDeleted: () => void;
}) {
  const { api } = useServices();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(gallery.albumName);
  // Rename and delete share one error line: the latest call's failure.
  const { error, run } = useAction({
    run: (call: () => Promise<void>) => call(),
    failure: sellerGalleryErrors.generic,
  });

  const rename = async (event: FormEvent) => {
    event.preventDefault();
    await run(async () => {
      const renamed = await api.renameGallery({ galleryId: gallery.galleryId }, { albumName: name });
      onRenamed(renamed.albumName);
      setEditing(false);
    });
  };
  const remove = async () => {
    if (!window.confirm(texts.confirmDelete(gallery.albumName))) return;
    await run(async () => {
      await api.deleteGallery({ galleryId: gallery.galleryId });
      onDeleted();
    });
  };

  return (
    <div className="actions">
      {editing ? (
        <form onSubmit={(e) => void rename(e)} className="actions">
          <TextField label={texts.galleryName} value={name} onChange={setName} required maxLength={120} />
          <button type="submit" className="button">
            {texts.save}
          </button>
          <button type="button" className="button button-secondary" onClick={() => setEditing(false)}>
            {texts.cancel}
          </button>
        </form>
      ) : (
        <button type="button" className="button button-secondary" onClick={() => setEditing(true)}>
          {texts.rename}
        </button>
      )}
      <button type="button" className="button button-secondary" onClick={() => void remove()}>
        {texts.deleteGallery}
      </button>
      <ErrorMessage message={error} />
    </div>
  );
}
