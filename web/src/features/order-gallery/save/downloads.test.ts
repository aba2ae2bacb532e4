// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { galleryErrors } from '#shared/texts/errors';
import { downloadPhoto, fetchPhotoBlob, sharePhoto } from './downloads';

const photo = { photoId: 'p1', url: 'https://s3.test/p1?X-Amz-Signature=x' };
let alert: ReturnType<typeof vi.fn>;
let clicked: { href: string; download: string }[];

beforeEach(() => {
  vi.useFakeTimers();
  alert = vi.fn();
  vi.stubGlobal('alert', alert);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  clicked = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download });
  });
  URL.createObjectURL = vi.fn(() => 'blob:photo');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const respondWith = (response: Response | Error) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      if (response instanceof Error) throw response;
      return response;
    }),
  );

describe('single download', () => {
  it('saves photo-{photoId}.jpg and revokes the link after the given delay', async () => {
    respondWith(new Response('jpeg', { headers: { 'content-type': 'image/jpeg' } }));
    await downloadPhoto(photo, 30_000);
    expect(fetch).toHaveBeenCalledWith(photo.url, { cache: 'no-store' });
    expect(clicked).toEqual([{ href: 'blob:photo', download: 'photo-p1.jpg' }]);
    vi.advanceTimersByTime(29_999);
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:photo');
    expect(alert).not.toHaveBeenCalled();
  });

  it("alerts 'No image selected' without a photo", async () => {
    await downloadPhoto(undefined, 100);
    expect(alert).toHaveBeenCalledWith('No image selected');
  });

  it('alerts the download error when the image is refused', async () => {
    respondWith(new Response('', { status: 403 }));
    await downloadPhoto(photo, 100);
    expect(alert).toHaveBeenCalledWith('There was an error downloading this image.');
    expect(clicked).toEqual([]);
  });

  it("raises 'Image not found' and 'Invalid photo URL data' internally", async () => {
    respondWith(new Response('', { status: 404 }));
    await expect(fetchPhotoBlob(photo.url)).rejects.toThrow(galleryErrors.imageNotFound);
    await expect(fetchPhotoBlob(undefined)).rejects.toThrow(galleryErrors.invalidPhotoUrlData);
  });
});

describe('share', () => {
  beforeEach(() => respondWith(new Response('jpeg', { headers: { 'content-type': 'image/jpeg' } })));

  it('shares the file with the spec title and text when the browser can', async () => {
    const share = vi.fn(async () => undefined);
    await sharePhoto(photo, 100, { share, canShare: () => true });
    expect(share).toHaveBeenCalledWith({
      files: [expect.any(File)],
      title: 'My Photo',
      text: 'Check out this photo!',
    });
    const [[data]] = share.mock.calls as unknown as [[ShareData]];
    expect(data.files![0]!.name).toBe('photo-p1.jpg');
  });

  it('shares the URL when files cannot be shared', async () => {
    const share = vi.fn(async () => undefined);
    await sharePhoto(photo, 100, { share, canShare: () => false });
    expect(share).toHaveBeenCalledWith({ title: 'My Photo', text: 'Check out this photo!', url: photo.url });
  });

  it('downloads (link revoked after 100 ms) when the browser cannot share', async () => {
    await sharePhoto(photo, 100, {});
    expect(clicked).toEqual([{ href: 'blob:photo', download: 'photo-p1.jpg' }]);
    vi.advanceTimersByTime(100);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:photo');
  });

  it('ignores a cancelled share and alerts any other failure', async () => {
    await sharePhoto(photo, 100, {
      share: async () => Promise.reject(new DOMException('cancelled', 'AbortError')),
      canShare: () => true,
    });
    expect(alert).not.toHaveBeenCalled();
    await sharePhoto(photo, 100, {
      share: async () => Promise.reject(new DOMException('no', 'NotAllowedError')),
      canShare: () => true,
    });
    expect(alert).toHaveBeenCalledWith('There was an error preparing this image for sharing.');
  });

  it("alerts the share error when the image cannot be fetched, and 'No image selected' without one", async () => {
    respondWith(new TypeError('Failed to fetch'));
    await sharePhoto(photo, 100, {});
    expect(alert).toHaveBeenLastCalledWith('There was an error preparing this image for sharing.');
    await sharePhoto(undefined, 100, {});
    expect(alert).toHaveBeenLastCalledWith('No image selected');
  });
});
