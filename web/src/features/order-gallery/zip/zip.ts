/**
 * 'Download ZIP' (public document, sections 4, 8 and 9), streamed so a big order (hundreds of 8 MB
 * photos) never sits in the tab's memory: the archive (zip-archive.ts) pulls one entry at a time from
 * an async generator, which fetches the photos in order with the next one's request already on its
 * way and hands their bytes on in blocks of a MiB (zip-blocks.ts). In a browser the fetches run in
 * short-lived workers (photo-fetchers.ts), whose garbage goes with them. The archive streams to the file the
 * customer picked (File System Access API) or through the download worker (zip-download-stream.ts);
 * only without either is it collected into a Blob: see docs/decisions.md for that trade-off.
 */
import { ZIP_FILE_PREFIX, ZIP_ORDER_ID_CHARS } from '#shared/rules/constants';
import { photoFetchInit } from '../save/downloads';
import { makeStoredZip } from './zip-archive';
import { PhotoFetchers } from '../photo-fetch/photo-fetchers';
import { BlockPool, bodyBlocks } from './zip-blocks';

export const zipFileName = (orderId: string) =>
  `${ZIP_FILE_PREFIX}${orderId.slice(0, ZIP_ORDER_ID_CHARS)}.zip`;
export const zipEntryName = (photoId: string) => `${photoId}.jpg`;

/** A photo that could not be fetched whole: it stops the whole ZIP. */
export class ZipPhotoError extends Error {
  override readonly name = 'ZipPhotoError';
  constructor(
    readonly photoId: string,
    options?: ErrorOptions,
  ) {
    super(`ZIP entry ${photoId} failed`, options);
  }
}

export interface ZipPhoto {
  photoId: string;
  url: string;
}

/**
 * A photo's blocks, with a failure half-way through blamed on its photo. `blocks` is called here and
 * held while reading, so whatever it closes over stays referenced: Node's fetch cancels the body of a
 * Response that has been garbage-collected (the bench runs this code in Node).
 */
async function* blamedOn(photoId: string, blocks: () => AsyncIterable<Uint8Array>) {
  try {
    yield* blocks();
  } catch (error) {
    throw new ZipPhotoError(photoId, { cause: error });
  }
}

/** A photo's body, block by block, once its headers are in. */
type OpenedPhoto = (pool: BlockPool) => AsyncGenerator<Uint8Array>;

/** How photos are fetched: on this thread with `fetch`, or in workers. */
interface PhotoSource {
  open(photo: ZipPhoto): Promise<OpenedPhoto>;
  close(): void;
}

function fetchSource(fetchImpl: typeof fetch): PhotoSource {
  return {
    async open(photo) {
      let response: Response;
      try {
        response = await fetchImpl(photo.url);
      } catch (error) {
        throw new ZipPhotoError(photo.photoId, { cause: error });
      }
      if (!response.ok || !response.body) throw new ZipPhotoError(photo.photoId);
      return (pool) => blamedOn(photo.photoId, () => bodyBlocks(response.body!, pool));
    },
    close: () => undefined,
  };
}

function workerSource(): PhotoSource {
  const fetchers = new PhotoFetchers();
  return {
    async open(photo) {
      const body = await fetchers.open(photo.url).catch((error: unknown) => {
        throw new ZipPhotoError(photo.photoId, { cause: error });
      });
      return (pool) => blamedOn(photo.photoId, () => body(pool));
    },
    close: () => fetchers.close(),
  };
}

/** In workers where the page has them; on this thread with a fetch passed in (tests, the Node bench). */
const photoSource = (fetchImpl: typeof fetch | undefined): PhotoSource =>
  fetchImpl || typeof Worker === 'undefined'
    ? fetchSource(fetchImpl ?? ((input) => fetch(input, photoFetchInit)))
    : workerSource();

/**
 * The ZIP's entries, `{photoId}.jpg` each. `onProgress(done)` reports how many photos are in the
 * archive so far. Only the headers of the next photo are fetched ahead; its body waits for the writer.
 * The bytes come in `pool`'s blocks (zip-blocks.ts).
 */
export async function* zipEntries(
  photos: readonly ZipPhoto[],
  onProgress: (done: number) => void,
  fetchImpl?: typeof fetch,
  pool: BlockPool = new BlockPool(),
) {
  const source = photoSource(fetchImpl);
  const start = (index: number) => {
    const pending = source.open(photos[index]!);
    pending.catch(() => undefined); // awaited below; a ZIP stopped earlier must not leave it unhandled
    return pending;
  };
  try {
    let next = photos.length > 0 ? start(0) : undefined;
    for (const [index, photo] of photos.entries()) {
      onProgress(index);
      const body = await next!;
      next = index + 1 < photos.length ? start(index + 1) : undefined;
      yield { name: zipEntryName(photo.photoId), input: body(pool) };
    }
    onProgress(photos.length);
  } finally {
    source.close();
  }
}

export function zipStream(
  photos: readonly ZipPhoto[],
  onProgress: (done: number) => void,
  fetchImpl?: typeof fetch,
  pool?: BlockPool,
): ReadableStream<Uint8Array> {
  return makeStoredZip(zipEntries(photos, onProgress, fetchImpl, pool));
}

interface SaveFilePickerWindow {
  showSaveFilePicker?: (options: {
    suggestedName: string;
    types: { description: string; accept: Record<string, string[]> }[];
  }) => Promise<{ createWritable(): Promise<WritableStream<Uint8Array>> }>;
}

/** Whether the browser can stream to a file the customer picks (Chromium desktop). */
export const canStreamToFile = (win: object = window): boolean =>
  typeof (win as SaveFilePickerWindow).showSaveFilePicker === 'function';

/**
 * Asks where to save, while the click's user activation is still fresh. Resolves to the file's
 * writable stream; rejects with an AbortError when the customer cancels the dialog.
 */
export async function pickZipFile(
  fileName: string,
  description: string,
  win: object = window,
): Promise<WritableStream<Uint8Array>> {
  const picker = (win as SaveFilePickerWindow).showSaveFilePicker;
  if (!picker) throw new Error('showSaveFilePicker is not available');
  const handle = await picker.call(win, {
    suggestedName: fileName,
    types: [{ description, accept: { 'application/zip': ['.zip'] } }],
  });
  return handle.createWritable();
}
