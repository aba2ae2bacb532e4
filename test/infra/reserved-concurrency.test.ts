/**
 * Reserved concurrency as a setting: nothing reserved unless asked (a new account's quota is 10 and
 * Lambda keeps 100 unreserved), production's values settable, and malformed values stopping synthesis.
 */
import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import {
  concurrencyQuotaNeeded,
  readSettings,
  RESERVED_CONCURRENCY_DEFAULTS,
  RESERVED_CONCURRENCY_PRODUCTION,
  reservedConcurrencySettings,
} from '../../infra/stacks/settings';
import { REQUIRED_CONTEXT } from './fixture';

const settingsWith = (context: Record<string, string>) =>
  readSettings(new App({ context: { ...REQUIRED_CONTEXT, ...context } }).node).reservedConcurrency;

describe('reserved concurrency settings', () => {
  it('reserves nothing by default, so a new account (quota 10) needs no quota increase', () => {
    expect(settingsWith({})).toEqual({ stripeWebhook: 0, resize: 0, faces: 0 });
    expect(concurrencyQuotaNeeded(RESERVED_CONCURRENCY_DEFAULTS)).toBe(0);
  });

  it("takes production's values from the settings, which need Lambda's 100 unreserved on top", () => {
    expect(settingsWith(reservedConcurrencySettings(RESERVED_CONCURRENCY_PRODUCTION))).toEqual({
      stripeWebhook: 25,
      resize: 20,
      faces: 10,
    });
    expect(concurrencyQuotaNeeded(RESERVED_CONCURRENCY_PRODUCTION)).toBe(155);
    expect(concurrencyQuotaNeeded({ stripeWebhook: 5, resize: 0, faces: 0 })).toBe(105);
  });

  it('stops synthesis on a malformed reservation, naming the setting', () => {
    expect(() => settingsWith({ reservedConcurrencyResize: '-1' })).toThrow(/reservedConcurrencyResize/);
    expect(() => settingsWith({ reservedConcurrencyStripeWebhook: '2.5' })).toThrow(
      /reservedConcurrencyStripeWebhook/,
    );
    // The faces queue's event source needs at least 2 at once.
    expect(() => settingsWith({ reservedConcurrencyFaces: '1' })).toThrow(/reservedConcurrencyFaces/);
    expect(settingsWith({ reservedConcurrencyFaces: '2' }).faces).toBe(2);
  });
});
