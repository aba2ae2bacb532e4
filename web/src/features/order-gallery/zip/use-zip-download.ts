/**
 * 'Download ZIP': the save dialog first (it needs the click's user activation), then fresh URLs, then
 * the archive streamed to the file. Without the File System Access API the archive streams to the
 * browser's downloads through a service worker; only without one either (e.g. private windows) is
 * it collected into a Blob. A failing photo stops it all with the spec's alert.
 */
import { useRef, useState } from 'react';
import { VIEWER_DOWNLOAD_URL_REVOKE_MS } from '#shared/rules/constants';
import { galleryErrors } from '#shared/texts/errors';
import type { FulfilledOrder } from '#shared/schemas/order';
import { orderGalleryTexts as texts } from '../texts';
import { saveBlob } from '../save/downloads';
import { galleryPhotos } from '../gallery-photos';
import { BlockPool } from './zip-blocks';
import { ZipPhotoError, canStreamToFile, pickZipFile, zipFileName, zipStream } from './zip';
import { ZipWorkerStalled, downloadThroughWorker, zipDownloadWorker } from './zip-download-stream';
import { countActivity } from '../../../lib/activity-beacon';

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** Where the archive goes: a picked file, the download worker's stream, or (neither) a Blob. */
interface ZipTarget {
  file?: WritableStream<Uint8Array>;
  worker?: ServiceWorker;
}

/** Undefined when the customer cancelled the save dialog. */
async function zipTarget(fileName: string): Promise<ZipTarget | undefined> {
  if (canStreamToFile()) {
    try {
      return { file: await pickZipFile(fileName, texts.zipDescription) };
    } catch (error) {
      if (isAbort(error)) return undefined;
      console.warn(error); // e.g. not allowed in this frame: try the other ways
    }
  }
  const worker = await zipDownloadWorker();
  return worker ? { worker } : {};
}

const saveAsBlob = async (stream: ReadableStream<Uint8Array>, fileName: string) =>
  saveBlob(await new Response(stream).blob(), fileName, VIEWER_DOWNLOAD_URL_REVOKE_MS);

/** A worker whose download never starts (it never pulls) leaves the archive unread: save it as a Blob. */
async function throughWorkerOrBlob(
  worker: ServiceWorker,
  stream: ReadableStream<Uint8Array>,
  fileName: string,
  pool: BlockPool,
) {
  try {
    await downloadThroughWorker(worker, stream, fileName, pool);
  } catch (error) {
    if (!(error instanceof ZipWorkerStalled)) throw error;
    console.warn(error);
    await saveAsBlob(stream, fileName);
  }
}

export function useZipDownload(orderId: string, freshOrder: () => Promise<FulfilledOrder>) {
  /** Photos in the archive so far; null when no ZIP is being made. */
  const [progress, setProgress] = useState<number | null>(null);
  const inProgress = useRef(false);

  const build = async (fileName: string, target: ZipTarget) => {
    let current: string | undefined;
    try {
      const photos = galleryPhotos((await freshOrder()).photoUrls);
      const pool = new BlockPool();
      const stream = zipStream(
        photos,
        (done) => {
          current = photos[done]?.photoId;
          setProgress(done);
        },
        undefined,
        pool,
      );
      if (target.file) await stream.pipeTo(target.file);
      else if (target.worker) await throughWorkerOrBlob(target.worker, stream, fileName, pool);
      else await saveAsBlob(stream, fileName);
      // A whole archive written: the customer activity's ZIP downloads (counts only).
      countActivity({ kind: 'order', id: orderId }, 'zipDownloads');
    } catch (error) {
      if (isAbort(error)) return; // the customer cancelled the download
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
    inProgress.current = true;
    try {
      const target = await zipTarget(fileName);
      if (!target) return; // the customer closed the save dialog
      setProgress(0);
      await build(fileName, target);
    } finally {
      inProgress.current = false;
      setProgress(null);
    }
  };

  return { progress, start: () => void start() };
}
