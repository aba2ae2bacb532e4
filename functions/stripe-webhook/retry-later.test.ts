import { describe, expect, it } from 'vitest';
import { EVENT_WAIT_ALARM_MS, waitedTooLong } from './retry-later';

describe('waitedTooLong', () => {
  it('says so only once an event is more than a day old', () => {
    const created = 1_800_000_000;
    expect(EVENT_WAIT_ALARM_MS).toBe(24 * 60 * 60 * 1000);
    expect(waitedTooLong(created, created * 1000 + 60_000)).toBe(false);
    expect(waitedTooLong(created, created * 1000 + EVENT_WAIT_ALARM_MS)).toBe(false);
    expect(waitedTooLong(created, created * 1000 + EVENT_WAIT_ALARM_MS + 1_000)).toBe(true);
  });
});
