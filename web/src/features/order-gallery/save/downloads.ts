/**
 * Single-photo download and share (public document, sections 4, 8 and 9). Images are fetched as
 * blobs (the signed URLs are cross-origin, where `<a download>` is ignored) and saved through a
 * temporary object URL. Failures end in the spec's alerts; internal errors ('Invalid photo URL data',
 * 'Image not found') feed them.
 */
import { SHARE_TEXT, SHARE_TITLE } from '#shared/rules/constants';
import { galleryErrors } from '#shared/texts/errors';

export const photoFileName = (photoId: string) => `photo-${photoId}.jpg`;

/**
 * The image bytes; a missing URL or a refused fetch is an error with the spec's internal text.
 * `no-store`: the viewer's `<img>` already cached this URL from a request without CORS, and S3 does
 * not vary on Origin, so a cached answer would fail the CORS check of this fetch.
 */
export const photoFetchInit: RequestInit = { cache: 'no-store' };

export async function fetchPhotoBlob(url: string | undefined, signal?: AbortSignal): Promise<Blob> {
  if (!url) throw new Error(galleryErrors.invalidPhotoUrlData);
  const response = await fetch(url, { ...photoFetchInit, ...(signal && { signal }) });
  if (!response.ok) throw new Error(galleryErrors.imageNotFound);
  return response.blob();
}

/** Saves a blob under a file name; the object URL is revoked once the download has surely started. */
export function saveBlob(blob: Blob, fileName: string, revokeAfterMs: number): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), revokeAfterMs);
}

export interface PhotoRef {
  photoId: string;
  url: string;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** Downloads one photo as photo-{photoId}.jpg, or alerts; true once saved. */
export async function downloadPhoto(photo: PhotoRef | undefined, revokeAfterMs: number): Promise<boolean> {
  if (!photo) {
    window.alert(galleryErrors.noImageSelected);
    return false;
  }
  try {
    saveBlob(await fetchPhotoBlob(photo.url), photoFileName(photo.photoId), revokeAfterMs);
    return true;
  } catch (error) {
    console.error(error);
    window.alert(galleryErrors.downloadFailed);
    return false;
  }
}

interface ShareNavigator {
  share?: (data: ShareData) => Promise<void>;
  canShare?: (data: ShareData) => boolean;
}

/**
 * Shares one photo: as a file where the browser can, else its URL, else downloads it; true once shared
 * or saved. A share the user cancels (AbortError) is not an error.
 */
export async function sharePhoto(
  photo: PhotoRef | undefined,
  revokeAfterMs: number,
  nav: ShareNavigator = navigator,
): Promise<boolean> {
  if (!photo) {
    window.alert(galleryErrors.noImageSelected);
    return false;
  }
  try {
    const blob = await fetchPhotoBlob(photo.url);
    const fileName = photoFileName(photo.photoId);
    const file = new File([blob], fileName, { type: blob.type || 'image/jpeg' });
    const withFile: ShareData = { files: [file], title: SHARE_TITLE, text: SHARE_TEXT };
    if (nav.share && nav.canShare?.(withFile)) await nav.share(withFile);
    else if (nav.share) await nav.share({ title: SHARE_TITLE, text: SHARE_TEXT, url: photo.url });
    else saveBlob(blob, fileName, revokeAfterMs);
    return true;
  } catch (error) {
    if (!isAbort(error)) {
      console.error(error);
      window.alert(galleryErrors.shareFailed);
    }
    return false;
  }
}
