import { describe, expect, it } from 'vitest';
import { skipCheck } from './auth-store';

describe('auth re-check throttle', () => {
  it('skips an unforced check within 2 seconds of the previous one', () => {
    expect(skipCheck(false, 10_000, 11_999)).toBe(true);
    expect(skipCheck(false, 10_000, 12_000)).toBe(false);
  });
  it('always runs a forced check and the first one', () => {
    expect(skipCheck(true, 10_000, 10_001)).toBe(false);
    expect(skipCheck(false, undefined, 0)).toBe(false);
  });
});
