import { describe, expect, it } from 'vitest';
import { StripeApiError } from '../errors';
import type { IdempotencyRecord } from '../objects/types';
import { findReplay, fingerprint, saveResult } from './idempotency';

const request = {
  key: 'k1',
  method: 'POST',
  path: '/v1/accounts',
  params: { type: 'express', email: 'a@b.co' },
};

describe('idempotency', () => {
  it('fingerprints parameters regardless of key order', () => {
    expect(fingerprint({ a: '1', b: { c: '2', d: '3' } })).toBe(
      fingerprint({ b: { d: '3', c: '2' }, a: '1' }),
    );
    expect(fingerprint({ a: ['1', '2'] })).not.toBe(fingerprint({ a: ['2', '1'] }));
  });

  it('replays a snapshot of the saved result for the same key and parameters', () => {
    const records: Record<string, IdempotencyRecord> = {};
    expect(findReplay(records, request)).toBeUndefined();
    const live = { id: 'acct_1', charges_enabled: false };
    saveResult(records, request, 200, live);
    live.charges_enabled = true;
    expect(findReplay(records, { ...request, params: { email: 'a@b.co', type: 'express' } })?.body).toEqual({
      id: 'acct_1',
      charges_enabled: false,
    });
  });

  it('refuses the same key with other parameters or another endpoint', () => {
    const records: Record<string, IdempotencyRecord> = {};
    saveResult(records, request, 200, {});
    const otherParams = () => findReplay(records, { ...request, params: { type: 'standard' } });
    expect(otherParams).toThrow(StripeApiError);
    expect(otherParams).toThrow(/same parameters/);
    expect(() => findReplay(records, { ...request, path: '/v1/account_links' })).toThrow(/same endpoint/);
  });

  it('forgets keys older than 24 hours', () => {
    const records: Record<string, IdempotencyRecord> = {};
    saveResult(records, request, 200, {});
    const record = records.k1;
    if (record === undefined) throw new Error('not saved');
    record.created -= 24 * 60 * 60 + 1;
    expect(findReplay(records, { ...request, params: { other: 'x' } })).toBeUndefined();
  });
});
