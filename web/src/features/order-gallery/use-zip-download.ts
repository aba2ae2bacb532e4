/**
 * 'Download ZIP': the save dialog first (it needs the click's user activation), then fresh URLs, then
 * the archive streamed to the file; without the File System Access API the archive is collected into
 * a Blob and saved like a single download. A failing photo stops it all with the spec's alert.
 */
import { useRef, useState } from 'react';
import { VIEWER_DOWNLOAD_URL_REVOKE_MS } from '../../../../shared/constants';
import { galleryErrors } from '../../../../shared/errors';
import type { FulfilledOrder } from '../../../../shared/schemas/order';
import { orderGalleryTexts as texts } from '../../lib/texts/order-gallery';
import { saveBlob } from './downloads';
import { galleryPhotos } from './gallery-photos';
import { ZipPhotoError, canStreamToFile, pickZipFile, zipFileName, zipStream } from './zip';

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

export function useZipDownload(orderId: string, freshOrder: () => Promise<FulfilledOrder>) {
  /** Photos in the archive so far; null when no ZIP is being made. */
  const [progress, setProgress] = useState<number | null>(null);
  const inProgress = useRef(false);

  const build = async (fileName: string, file: WritableStream<Uint8Array> | undefined) => {
    let current: string | undefined;
    try {
      const photos = galleryPhotos((await freshOrder()).photoUrls);
      const stream = zipStream(photos, (done) => {
        current = photos[done]?.photoId;
        setProgress(done);
      });
      if (file) await stream.pipeTo(file);
      else saveBlob(await new Response(stream).blob(), fileName, VIEWER_DOWNLOAD_URL_REVOKE_MS);
    } catch (error) {
      console.error(error);
      const failed = error instanceof ZipPhotoError ? error.photoId : current;
      window.alert(failed ? galleryErrors.zipPhotoFailed(failed) : galleryErrors.downloadFailed);
    }
  };

  const start = async () => {
    if (inProgress.current) return;
    if (!orderId) {
      window.alert(galleryErrors.zipMissingOrderId);
      return;
    }
    const fileName = zipFileName(orderId);
    let file: WritableStream<Uint8Array> | undefined;
    if (canStreamToFile()) {
      try {
        file = await pickZipFile(fileName, texts.zipDescription);
      } catch (error) {
        if (isAbort(error)) return; // the customer closed the save dialog
        console.warn(error); // e.g. not allowed here: fall back to the Blob
      }
    }
    inProgress.current = true;
    setProgress(0);
    try {
      await build(fileName, file);
    } finally {
      inProgress.current = false;
      setProgress(null);
    }
  };

  return { progress, start: () => void start() };
}
