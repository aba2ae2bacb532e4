import { describe, expect, it } from 'vitest';
import { signingWindow } from './signing-window';

const rule = { ttlSeconds: 3600, windowSeconds: 600 };
const at = (iso: string) => new Date(iso);
const endOf = (w: { signingDate: Date; expiresIn: number }) => w.signingDate.getTime() + w.expiresIn * 1000;

describe('signingWindow', () => {
  it('gives the same signing time to every request within the window', () => {
    const first = signingWindow('thumbnails/g1/p1.jpg', at('2026-11-23T10:00:00Z'), rule);
    const start = first.signingDate.getTime();
    for (const ms of [0, 1_000, 299_000, 599_999]) {
      const later = signingWindow('thumbnails/g1/p1.jpg', new Date(start + ms), rule);
      expect(later).toEqual(first);
    }
  });

  it('moves on to a new signing time in the next window', () => {
    const first = signingWindow('thumbnails/g1/p1.jpg', at('2026-11-23T10:00:00Z'), rule);
    const next = signingWindow('thumbnails/g1/p1.jpg', new Date(first.signingDate.getTime() + 600_000), rule);
    expect(next.signingDate.getTime() - first.signingDate.getTime()).toBe(600_000);
  });

  it('leaves at least the TTL to run, whenever in the window it is asked for', () => {
    const base = at('2026-11-23T10:00:00Z').getTime();
    for (let s = 0; s < 1_300; s += 7) {
      const now = new Date(base + s * 1000 + 999);
      const window = signingWindow(`thumbnails/g1/p${s}.jpg`, now, rule);
      expect(window.signingDate.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(endOf(window) - now.getTime()).toBeGreaterThanOrEqual(rule.ttlSeconds * 1000);
      expect(endOf(window) - now.getTime()).toBeLessThanOrEqual(
        (rule.ttlSeconds + rule.windowSeconds) * 1000,
      );
      expect(window.signingDate.getMilliseconds()).toBe(0);
    }
  });

  it('shifts the windows of different keys, so a grid does not change all at once', () => {
    const now = at('2026-11-23T10:00:00Z');
    const starts = new Set(
      Array.from({ length: 50 }, (_, i) =>
        signingWindow(`thumbnails/g1/p${i}.jpg`, now, rule).signingDate.getTime(),
      ),
    );
    expect(starts.size).toBeGreaterThan(40);
  });
});
