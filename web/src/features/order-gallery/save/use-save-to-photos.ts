/**
 * 'Save to Photos' step by step: a tap prepares the next batch (fresh URLs, then its photos fetched one by
 * one until the batch is full: save-to-photos.ts), and the batch's own button shares it with that tap's
 * activation. A share the customer closes keeps the batch ready for another tap; a photo too large to share
 * is offered as a download on its own. The next batch is prepared as soon as one is shared.
 */
import { useRef, useState } from 'react';
import { SHARE_TEXT, SHARE_TITLE, VIEWER_DOWNLOAD_URL_REVOKE_MS } from '#shared/rules/constants';
import type { FulfilledOrder } from '#shared/schemas/order';
import { fetchPhotoBlob, photoFileName, saveBlob } from './downloads';
import { galleryPhotos } from '../gallery-photos';
import { fitsBatch, fitsOneShare, type ShareNavigator } from './save-to-photos';

/** Photos `from` to `to` (1-based) of `total`, ready to share, or (one too large) to download. */
export interface PreparedBatch {
  files: File[];
  from: number;
  to: number;
  kind: 'share' | 'download';
}

export type SaveToPhotosState =
  | { step: 'idle' }
  | { step: 'preparing'; from: number }
  | { step: 'ready'; batch: PreparedBatch }
  | { step: 'done' }
  | { step: 'failed'; from: number };

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

async function photoFile(photoId: string, url: string): Promise<File> {
  const blob = await fetchPhotoBlob(url);
  return new File([blob], photoFileName(photoId), { type: blob.type || 'image/jpeg' });
}

export function useSaveToPhotos(
  freshOrder: () => Promise<FulfilledOrder>,
  nav: ShareNavigator = navigator,
  onSaved?: (photos: number) => void,
) {
  const [state, setState] = useState<SaveToPhotosState>({ step: 'idle' });
  /** The next photo to prepare (0-based), and one fetched already that did not fit the last batch. */
  const next = useRef({ index: 0, carried: undefined as File | undefined });

  const prepare = async () => {
    const start = next.current.index;
    setState({ step: 'preparing', from: start + 1 });
    try {
      const photos = galleryPhotos((await freshOrder()).photoUrls);
      const files: File[] = [];
      let index = start;
      let carried = next.current.carried;
      while (index < photos.length) {
        const file = carried ?? (await photoFile(photos[index]!.photoId, photos[index]!.url));
        carried = undefined;
        if (!fitsOneShare(file.size) && files.length === 0) {
          files.push(file);
          index++;
          break;
        }
        if (!fitsOneShare(file.size) || !fitsBatch(files, file.size)) {
          carried = file;
          break;
        }
        files.push(file);
        index++;
      }
      next.current = { index, carried };
      // The order has fewer photos than it had (fresh URLs name what it holds now): nothing is left.
      if (files.length === 0) {
        next.current = { index: 0, carried: undefined };
        setState({ step: 'done' });
        return;
      }
      const kind = fitsOneShare(files[0]!.size) ? 'share' : 'download';
      setState({ step: 'ready', batch: { files, from: start + 1, to: index, kind } });
    } catch (error) {
      console.error(error);
      setState({ step: 'failed', from: start + 1 });
    }
  };

  /** The batch's own tap: shared (or downloaded), then the next batch prepared, or all done. */
  const save = async (batch: PreparedBatch, total: number) => {
    try {
      if (batch.kind === 'download')
        saveBlob(batch.files[0]!, batch.files[0]!.name, VIEWER_DOWNLOAD_URL_REVOKE_MS);
      else await nav.share!({ files: batch.files, title: SHARE_TITLE, text: SHARE_TEXT });
    } catch (error) {
      // Closed without choosing: the same batch waits for another tap.
      if (isAbort(error)) return;
      console.error(error);
      next.current = { index: batch.from - 1, carried: undefined };
      setState({ step: 'failed', from: batch.from });
      return;
    }
    onSaved?.(batch.files.length);
    if (batch.to >= total) {
      next.current = { index: 0, carried: undefined };
      setState({ step: 'done' });
    } else await prepare();
  };

  return { state, prepare, save };
}
