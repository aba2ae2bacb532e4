/**
 * Deletes the selected photos after a confirmation, one request per photo (the API deletes one at a
 * time), then reports which were deleted, so the page reloads the gallery and unselects them. A failure
 * stops at the photo that failed and says why; that photo stays selected (and this button, with the
 * message, on screen), and the photos deleted before it stay deleted.
 */
import { sellerGalleryErrors } from '#shared/texts/errors';
import { ErrorMessage } from '../../../components/error-message';
import { useServices } from '../../../lib/services';
import { useAction } from '../../../lib/use-action';
import { sellerGalleryTexts as texts } from '../texts';

export function DeletePhotosButton(props: {
  galleryId: string;
  photoIds: string[];
  onDeleted: (photoIds: string[]) => void;
}) {
  const { api } = useServices();
  const { busy, error, run } = useAction({
    run: async () => {
      const deleted: string[] = [];
      try {
        for (const photoId of props.photoIds) {
          await api.deletePhoto({ galleryId: props.galleryId, photoId });
          deleted.push(photoId);
        }
      } finally {
        props.onDeleted(deleted);
      }
    },
    failure: sellerGalleryErrors.generic,
  });

  const remove = async () => {
    if (!window.confirm(texts.confirmDeletePhotos(props.photoIds.length))) return;
    await run();
  };

  return (
    <>
      <button type="button" className="button-link" disabled={busy} onClick={() => void remove()}>
        {busy ? texts.deletingPhotos : texts.deleteSelected(props.photoIds.length)}
      </button>
      <ErrorMessage message={error} />
    </>
  );
}
