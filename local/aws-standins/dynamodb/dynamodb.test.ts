import { describe, expect, it } from 'vitest';
import { DEFAULT_READ_LAG_MS, readLagFromEnvironment } from './dynamodb';

describe('readLagFromEnvironment', () => {
  it('defaults to 200 ms, takes DYNAMO_READ_LAG_MS, and 0 turns the lag off', () => {
    expect(DEFAULT_READ_LAG_MS).toBe(200);
    expect(readLagFromEnvironment({})).toBe(200);
    expect(readLagFromEnvironment({ DYNAMO_READ_LAG_MS: '' })).toBe(200);
    expect(readLagFromEnvironment({ DYNAMO_READ_LAG_MS: '750' })).toBe(750);
    expect(readLagFromEnvironment({ DYNAMO_READ_LAG_MS: '0' })).toBe(0);
  });

  it('fails loudly on anything but a whole number of milliseconds', () => {
    for (const raw of ['-1', '1.5', 'soon']) {
      expect(() => readLagFromEnvironment({ DYNAMO_READ_LAG_MS: raw })).toThrow(
        `DYNAMO_READ_LAG_MS must be a whole number of milliseconds (0 turns the lag off), got "${raw}"`,
      );
    }
  });
});
