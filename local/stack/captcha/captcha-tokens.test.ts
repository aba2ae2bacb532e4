import { describe, expect, it } from 'vitest';
import {
  challengeTimestamp,
  decideVerification,
  isValidAction,
  isValidScore,
  TOKEN_LIFETIME_MS,
  TokenStore,
  type IssuedToken,
  type VerificationInput,
} from './captcha-tokens';

const issuedAt = Date.UTC(2026, 0, 2, 3, 4, 5, 678);
const issued: IssuedToken = {
  action: 'publicOrder',
  hostname: 'localhost',
  score: 0.9,
  issuedAt,
  verified: false,
};
const input = (overrides: Partial<VerificationInput> = {}): VerificationInput => ({
  secret: 'right',
  expectedSecret: 'right',
  response: 'token',
  issued,
  now: issuedAt + 1000,
  ...overrides,
});

describe('decideVerification', () => {
  it('answers a fresh token with its score, action, host name and challenge time', () => {
    expect(decideVerification(input())).toEqual({
      success: true,
      score: 0.9,
      action: 'publicOrder',
      hostname: 'localhost',
      challenge_ts: '2026-01-02T03:04:05Z',
    });
  });

  it('checks the secret first', () => {
    expect(decideVerification(input({ secret: undefined, issued: undefined }))).toEqual({
      success: false,
      'error-codes': ['missing-input-secret'],
    });
    expect(decideVerification(input({ secret: 'wrong' }))).toEqual({
      success: false,
      'error-codes': ['invalid-input-secret'],
    });
  });

  it('refuses a missing or unknown token', () => {
    expect(decideVerification(input({ response: undefined, issued: undefined }))).toMatchObject({
      'error-codes': ['missing-input-response'],
    });
    expect(decideVerification(input({ issued: undefined }))).toMatchObject({
      success: false,
      'error-codes': ['invalid-input-response'],
    });
  });

  it('refuses a token verified before, and one older than two minutes', () => {
    expect(decideVerification(input({ issued: { ...issued, verified: true } }))).toMatchObject({
      success: false,
      'error-codes': ['timeout-or-duplicate'],
    });
    expect(decideVerification(input({ now: issuedAt + TOKEN_LIFETIME_MS }))).toMatchObject({ success: true });
    expect(decideVerification(input({ now: issuedAt + TOKEN_LIFETIME_MS + 1 }))).toMatchObject({
      success: false,
      'error-codes': ['timeout-or-duplicate'],
    });
  });

  it('succeeds whatever the score: v3 leaves the threshold to the caller', () => {
    expect(decideVerification(input({ issued: { ...issued, score: 0.1 } }))).toMatchObject({
      success: true,
      score: 0.1,
    });
  });
});

describe('TokenStore', () => {
  it('issues distinct unguessable tokens and redeems each as used', () => {
    const store = new TokenStore();
    const first = store.issue({ action: 'a', hostname: 'h', score: 0.5, issuedAt });
    const second = store.issue({ action: 'b', hostname: 'h', score: 0.5, issuedAt });
    expect(first).not.toBe(second);
    expect(first.length).toBeGreaterThanOrEqual(64);
    expect(store.redeem(first)).toMatchObject({ action: 'a', verified: false });
    expect(store.redeem(first)).toMatchObject({ action: 'a', verified: true });
    expect(store.redeem('never-issued')).toBeUndefined();
  });

  it('forgets tokens long after they expired', () => {
    const store = new TokenStore();
    const old = store.issue({ action: 'a', hostname: 'h', score: 0.5, issuedAt });
    store.issue({ action: 'a', hostname: 'h', score: 0.5, issuedAt: issuedAt + 60 * 60 * 1000 });
    expect(store.redeem(old)).toBeUndefined();
  });
});

describe('rules on inputs', () => {
  it('accepts Google action names only', () => {
    expect(isValidAction('publicOrder')).toBe(true);
    expect(isValidAction('checkout/complete_free')).toBe(true);
    expect(isValidAction('')).toBe(false);
    expect(isValidAction('sign-up')).toBe(false);
  });

  it('accepts scores from 0 to 1', () => {
    expect(isValidScore(0)).toBe(true);
    expect(isValidScore(1)).toBe(true);
    expect(isValidScore(1.1)).toBe(false);
    expect(isValidScore('0.5')).toBe(false);
    expect(isValidScore(Number.NaN)).toBe(false);
  });

  it('formats challenge time to the second', () => {
    expect(challengeTimestamp(issuedAt)).toBe('2026-01-02T03:04:05Z');
  });
});
