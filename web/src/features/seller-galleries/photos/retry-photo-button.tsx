/**
 * Processes a FAILED photo again (its original was kept): the server answers the photo, now PROCESSING,
 * which the page shows at once and then watches until it is READY (or FAILED again). While the call
 * runs the button is busy; a refusal (e.g. someone retried it meanwhile) is shown under it.
 */
import { sellerGalleryErrors } from '#shared/texts/errors';
import type { Photo } from '#shared/schemas/gallery';
import { sellerToolErrors } from '#shared/texts/seller-tools-errors';
import { ErrorMessage } from '../../../components/error-message';
import { useServices } from '../../../lib/services';
import { useAction } from '../../../lib/use-action';
import { sellerGalleryTexts as texts } from '../texts';

/**
 * Whether a retry can help: the processing gave up on a kept original. A file rejected as not an image
 * was not kept (older records of those have no reason), so only a new upload helps there.
 */
export const canRetry = (photo: Photo): boolean =>
  photo.status === 'FAILED' &&
  photo.failureReason !== undefined &&
  photo.failureReason !== sellerToolErrors.notAnImage;

export function RetryPhotoButton(props: {
  galleryId: string;
  photo: Photo;
  name: string;
  onRetried: (photo: Photo) => void;
}) {
  const { api } = useServices();
  const {
    busy,
    error,
    run: retry,
  } = useAction({
    run: async () =>
      props.onRetried(await api.retryPhoto({ galleryId: props.galleryId, photoId: props.photo.photoId })),
    failure: sellerGalleryErrors.generic,
  });

  return (
    <>
      <button
        type="button"
        className="button-link retry"
        disabled={busy}
        aria-busy={busy}
        aria-label={texts.retryPhotoLabel(props.name)}
        onClick={() => void retry()}
      >
        {busy ? texts.retryingPhoto : texts.retryPhoto}
      </button>
      <ErrorMessage message={error} />
    </>
  );
}
