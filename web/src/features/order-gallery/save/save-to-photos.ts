/**
 * 'Save to Photos' on phones: the order's photos handed to the system's share sheet as files
 * (`navigator.share({ files })`), whose 'Save Images' (iOS) or gallery app (Android) puts them in the photo
 * library, where a ZIP in Files never is. A share needs a tap of its own (user activation), so the photos
 * go in batches, each prepared (fetched) first and then shared by its own tap.
 *
 * Batch size: Chromium refuses a share of more than 10 files or more than 50 MiB in all
 * (`kMaxSharedFileCount`, `kMaxSharedFileBytes` in Blink's webshare/navigator_share.cc) with a
 * NotAllowedError; WebKit documents no limit, so the same batches serve both. A photo larger than the whole
 * allowance cannot be shared at all: it is downloaded instead.
 */
import { isDesktopDevice } from './device';

export const SHARE_LIMITS = { files: 10, bytes: 50 * 1024 * 1024 } as const;

export interface ShareNavigator {
  userAgent: string;
  userAgentData?: { mobile?: boolean };
  share?: (data: ShareData) => Promise<void>;
  canShare?: (data: ShareData) => boolean;
}

/** On a phone whose browser shares image files: where 'Save to Photos' is offered. */
export function canSaveToPhotos(nav: ShareNavigator = navigator): boolean {
  if (isDesktopDevice(nav) || typeof nav.share !== 'function' || typeof nav.canShare !== 'function')
    return false;
  const probe = new File([new Uint8Array(0)], 'photo.jpg', { type: 'image/jpeg' });
  try {
    return nav.canShare({ files: [probe] });
  } catch {
    return false;
  }
}

/** Whether one more photo of `size` bytes still goes in the same share as `batch`. */
export function fitsBatch(batch: readonly { size: number }[], size: number): boolean {
  const bytes = batch.reduce((sum, file) => sum + file.size, 0);
  return batch.length < SHARE_LIMITS.files && bytes + size <= SHARE_LIMITS.bytes;
}

/** A photo that one share can take at all. */
export const fitsOneShare = (size: number) => size <= SHARE_LIMITS.bytes;
