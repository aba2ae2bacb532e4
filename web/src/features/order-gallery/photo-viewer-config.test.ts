/**
 * The viewer's settings are the spec's constants; the two the library does not expose (swipe
 * distance threshold 30 px, pull-to-close range 60 px) are checked in its source, so an upgrade that
 * changes them fails here.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIGHTBOX } from '#shared/rules/constants';
import { LIGHTBOX_SETTINGS } from './photo-viewer';

describe('viewer settings', () => {
  it('uses the spec constants', () => {
    expect(LIGHTBOX_SETTINGS).toMatchObject({
      animation: { fade: 250, swipe: 500 },
      carousel: { preload: 2, spacing: '30%', padding: '16px', imageFit: 'contain' },
      controller: { closeOnPullDown: true, closeOnPullUp: true },
    });
  });

  it("matches the library's built-in swipe and pull thresholds", async () => {
    const entry = createRequire(import.meta.url).resolve('yet-another-react-lightbox');
    const source = await readFile(path.join(path.dirname(entry), 'index.js'), 'utf8');
    expect(source).toContain(`const SWIPE_THRESHOLD = ${LIGHTBOX.swipeDistanceThresholdPx};`);
    expect(source).toContain(`const threshold = ${LIGHTBOX.pullCloseRangePx};`);
  });
});
