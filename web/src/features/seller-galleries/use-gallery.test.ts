import { describe, expect, it } from 'vitest';
import { GALLERY_POLL_MS } from '#shared/rules/constants';
import type { Gallery } from '#shared/schemas/gallery';
import { BACKGROUND_POLL_MS, nextPoll, pendingCount } from './use-gallery';

const now = 1_000_000;

describe('nextPoll', () => {
  it('polls while this page uploads, even before the batch has any photo listed', () => {
    expect(
      nextPoll({ pending: 0, uploadsRunning: 1, unchangedSince: now - 10 * 60_000, now, visible: true }),
    ).toBe(GALLERY_POLL_MS);
  });

  it('polls while photos are uploading or processing', () => {
    expect(nextPoll({ pending: 3, uploadsRunning: 0, unchangedSince: now - 5_000, now, visible: true })).toBe(
      GALLERY_POLL_MS,
    );
  });

  it('polls slowly once nothing is pending and no upload runs, for what other devices upload', () => {
    expect(nextPoll({ pending: 0, uploadsRunning: 0, unchangedSince: now, now, visible: true })).toBe(
      BACKGROUND_POLL_MS,
    );
  });

  it('stops fast polling for photos that stopped progressing two minutes ago (an abandoned upload)', () => {
    expect(
      nextPoll({ pending: 2, uploadsRunning: 0, unchangedSince: now - 2 * 60_000, now, visible: true }),
    ).toBe(BACKGROUND_POLL_MS);
  });

  it('reads again at once for the thumbnails of photos first seen READY, which the read did not ask for', () => {
    expect(
      nextPoll({
        pending: 0,
        unaskedThumbnails: 1,
        uploadsRunning: 0,
        unchangedSince: now,
        now,
        visible: true,
      }),
    ).toBe(0);
  });

  it('does not poll a hidden page, even while photos are processing', () => {
    expect(nextPoll({ pending: 2, uploadsRunning: 1, unchangedSince: now, now, visible: false })).toBe(false);
  });
});

describe('pendingCount', () => {
  const gallery = (statuses: string[], photoCount: number) =>
    ({
      photoCount,
      photos: statuses.map((status, i) => ({ photoId: `p${i}`, status })),
    }) as unknown as Gallery;

  it('counts the photos uploading or processing', () => {
    expect(pendingCount(gallery(['READY', 'UPLOADING', 'PROCESSING', 'FAILED'], 1))).toBe(2);
  });

  it('counts a READY photo the gallery has not counted yet, so polling goes on until the count catches up', () => {
    expect(pendingCount(gallery(['READY', 'READY', 'READY'], 2))).toBe(1);
    expect(pendingCount(gallery(['READY', 'READY', 'READY'], 3))).toBe(0);
  });
});
