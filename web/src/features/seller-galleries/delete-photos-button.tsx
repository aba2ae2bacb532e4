/**
 * Deletes the selected photos after a confirmation, one request per photo (the API deletes one at a
 * time), then reports back so the page reloads the gallery and clears the selection. A failure stops at
 * the photo that failed and says why; the photos already deleted stay deleted.
 */
import { useState } from 'react';
import { sellerGalleryErrors } from '../../../../shared/errors';
import { ErrorMessage } from '../../components/error-message';
import { ApiError } from '../../lib/api-client';
import { useServices } from '../../lib/services';
import { sellerToolTexts as texts } from '../../lib/texts/seller-tools';

export function DeletePhotosButton(props: { galleryId: string; photoIds: string[]; onDone: () => void }) {
  const { api } = useServices();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    if (!window.confirm(texts.confirmDeletePhotos(props.photoIds.length))) return;
    setBusy(true);
    setError(null);
    try {
      for (const photoId of props.photoIds) await api.deletePhoto({ galleryId: props.galleryId, photoId });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : sellerGalleryErrors.generic);
    } finally {
      setBusy(false);
      props.onDone();
    }
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
