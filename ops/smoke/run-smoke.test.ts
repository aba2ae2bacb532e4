import { describe, expect, it } from 'vitest';
import { DEFAULT_CHECKOUT_ORIGIN, DEFAULT_CUSTOMER_EMAIL, type SmokeOptions } from './flags';
import { runSmoke, smokeGalleryName } from './run-smoke';

describe('smokeGalleryName', () => {
  it('names the run’s galleries plainly, to the second, in UTC', () => {
    expect(smokeGalleryName(new Date('2025-06-01T10:02:03.456Z'))).toBe('Smoke test 2025-06-01 10:02:03 UTC');
  });
});

describe('runSmoke', () => {
  it('fails, saying why, when Chromium is not there, and walks no journey', async () => {
    const seller = { email: 'seller@example.com', password: 'x' };
    const options: SmokeOptions = {
      appUrl: 'http://localhost:9',
      seller,
      paidSeller: { email: 'paid@example.com', password: 'y' },
      checkoutOrigin: DEFAULT_CHECKOUT_ORIGIN,
      humanCheck: 'test-key',
      customerEmail: DEFAULT_CUSTOMER_EMAIL,
      chromiumPath: '/nonexistent/chromium',
      chromiumFlags: [],
      stepTimeoutMs: 5000,
    };
    const lines: string[] = [];
    const report = await runSmoke(options, (line) => lines.push(line));
    expect(report).toMatchObject({ passed: false, leftBehind: [] });
    expect(report.steps).toEqual([
      expect.objectContaining({
        status: 'failed',
        detail: expect.stringContaining('no Chromium at /nonexistent'),
      }),
    ]);
    expect(lines[1]).toBe(
      '  seller seller@example.com, paid seller paid@example.com, checkout at https://checkout.stripe.com, human check test-key, step timeout 5 s',
    );
    expect(lines.at(-1)).toMatch(/^FAIL: 0 passed, 1 failed/);
  });
});
