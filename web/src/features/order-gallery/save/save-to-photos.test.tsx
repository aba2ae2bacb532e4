// @vitest-environment happy-dom
/**
 * 'Save to Photos': offered on phones whose browser shares image files, never elsewhere; the photos go to
 * the share sheet in batches Chromium accepts (10 files, 50 MiB), each batch shared by its own tap.
 */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FulfilledOrder } from '#shared/schemas/order';
import { canSaveToPhotos, fitsBatch, SHARE_LIMITS } from './save-to-photos';
import { SaveToPhotosAction } from './save-to-photos-action';

const MiB = 1024 * 1024;
const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1';
const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36';

const orderOf = (count: number): FulfilledOrder => ({
  orderId: 'order_12345678',
  status: 'FULFILLED',
  photoUrls: Object.fromEntries(
    Array.from({ length: count }, (_, i) => [
      `photo_${String(i + 1).padStart(2, '0')}`,
      { url: `https://s3.test/${i + 1}.jpg`, width: 1800, height: 1200 },
    ]),
  ),
  urlsExpireAt: new Date(Date.now() + 3_600_000).toISOString(),
});

describe('where Save to Photos is offered', () => {
  const share = async () => undefined;
  it('on a phone that shares image files only', () => {
    expect(canSaveToPhotos({ userAgent: PHONE_UA, share, canShare: () => true })).toBe(true);
    expect(canSaveToPhotos({ userAgent: DESKTOP_UA, share, canShare: () => true })).toBe(false);
    expect(canSaveToPhotos({ userAgent: PHONE_UA, canShare: () => true })).toBe(false);
    expect(canSaveToPhotos({ userAgent: PHONE_UA, share })).toBe(false);
    expect(canSaveToPhotos({ userAgent: PHONE_UA, share, canShare: () => false })).toBe(false);
    const throws = () => {
      throw new TypeError('files are not supported');
    };
    expect(canSaveToPhotos({ userAgent: PHONE_UA, share, canShare: throws })).toBe(false);
  });
});

describe('a batch', () => {
  it('takes at most 10 photos and 50 MiB', () => {
    const files = (count: number, size: number) => Array.from({ length: count }, () => ({ size }));
    expect(SHARE_LIMITS).toEqual({ files: 10, bytes: 50 * MiB });
    expect(fitsBatch(files(9, MiB), MiB)).toBe(true);
    expect(fitsBatch(files(10, MiB), MiB)).toBe(false);
    expect(fitsBatch(files(2, 20 * MiB), 10 * MiB)).toBe(true);
    expect(fitsBatch(files(2, 20 * MiB), 10 * MiB + 1)).toBe(false);
  });
});

describe('Save to Photos, tap by tap', () => {
  let sizes: number[];
  let share: ReturnType<typeof vi.fn<(data: ShareData) => Promise<void>>>;

  beforeEach(() => {
    sizes = [];
    share = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const n = Number(/(\d+)\.jpg$/.exec(url)![1]);
        const body = new Uint8Array(sizes[n - 1] ?? 1000);
        return { ok: true, blob: async () => new Blob([body], { type: 'image/jpeg' }) };
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    delete (navigator as { share?: unknown }).share;
  });

  const shown = (count: number) => {
    render(<SaveToPhotosAction freshOrder={async () => orderOf(count)} total={count} />);
    return userEvent.setup();
  };
  const sharedNames = (call: number) => (share.mock.calls[call]![0].files ?? []).map((file) => file.name);

  it('shares 23 photos in three batches, each by its own tap, then says all were shared', async () => {
    const user = shown(23);
    await user.click(screen.getByRole('button', { name: 'Save to Photos' }));
    await user.click(await screen.findByRole('button', { name: 'Save photos 1–10 of 23' }));
    expect(sharedNames(0)).toEqual(
      Array.from({ length: 10 }, (_, i) => `photo-photo_${String(i + 1).padStart(2, '0')}.jpg`),
    );
    await user.click(await screen.findByRole('button', { name: 'Save photos 11–20 of 23' }));
    await user.click(await screen.findByRole('button', { name: 'Save photos 21–23 of 23' }));
    expect(await screen.findByText('All 23 photos were shared.')).toBeTruthy();
    expect(share).toHaveBeenCalledTimes(3);
    expect(sharedNames(2)).toHaveLength(3);
    expect(share.mock.calls[0]![0].files![0]!.type).toBe('image/jpeg');
  });

  it('keeps a batch ready when the share sheet is closed without choosing', async () => {
    share.mockRejectedValueOnce(new DOMException('Share canceled', 'AbortError'));
    const user = shown(3);
    await user.click(screen.getByRole('button', { name: 'Save to Photos' }));
    await user.click(await screen.findByRole('button', { name: 'Save photos 1–3 of 3' }));
    await user.click(await screen.findByRole('button', { name: 'Save photos 1–3 of 3' }));
    expect(await screen.findByText('All 3 photos were shared.')).toBeTruthy();
    expect(share).toHaveBeenCalledTimes(2);
  });

  it('keeps a batch under 50 MiB, and offers a photo too large to share as a download', async () => {
    sizes = [20 * MiB, 20 * MiB, 20 * MiB, 60 * MiB];
    const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:photo', revokeObjectURL: () => undefined }),
    );
    const user = shown(4);
    await user.click(screen.getByRole('button', { name: 'Save to Photos' }));
    await user.click(await screen.findByRole('button', { name: 'Save photos 1–2 of 4' }));
    await user.click(await screen.findByRole('button', { name: 'Save photo 3 of 4' }));
    await user.click(
      await screen.findByRole('button', { name: 'Download photo 4 of 4 (too large to share)' }),
    );
    expect(await screen.findByText('All 4 photos were shared.')).toBeTruthy();
    expect(share).toHaveBeenCalledTimes(2);
    expect(saved).toHaveBeenCalledTimes(1);
  });

  it('says so when the photos cannot be prepared, and tries again from the same photo', async () => {
    vi.mocked(fetch).mockRejectedValueOnce(new TypeError('network'));
    const user = shown(2);
    await user.click(screen.getByRole('button', { name: 'Save to Photos' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your photos could not be prepared. Please try again.',
    );
    await user.click(screen.getByRole('button', { name: 'Save to Photos' }));
    await user.click(await screen.findByRole('button', { name: 'Save photos 1–2 of 2' }));
    expect(sharedNames(0)).toEqual(['photo-photo_01.jpg', 'photo-photo_02.jpg']);
  });
});
