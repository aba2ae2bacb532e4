import { describe, expect, it } from 'vitest';
import {
  delayAfter,
  isPinLocked,
  NO_PIN_ATTEMPTS,
  PIN_ATTEMPTS,
  pinGate,
  retryAfterSeconds,
  type PinAttempts,
} from './pin-attempts';

const { freeStreak, lockAfter, maxDelayMs } = PIN_ATTEMPTS;
const T = Date.parse('2026-06-01T10:00:00Z');
const attempts = (change: Partial<PinAttempts>): PinAttempts => ({ ...NO_PIN_ATTEMPTS, ...change });

describe('the delay after a streak of wrong PINs', () => {
  it('is none for the free streak, then one second doubling with each wrong PIN, up to 15 minutes', () => {
    const delays = Array.from({ length: 18 }, (_, streak) => delayAfter(streak));
    expect(delays.slice(0, freeStreak)).toEqual([0, 0, 0, 0, 0]);
    expect(delays.slice(freeStreak, freeStreak + 4)).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(delays[14]).toBe(512_000);
    expect(delays.slice(15)).toEqual([maxDelayMs, maxDelayMs, maxDelayMs]);
    expect(delayAfter(10_000)).toBe(maxDelayMs);
  });
});

describe('the PIN gate', () => {
  it('checks at once within the free streak, however many wrong PINs came before', () => {
    expect(pinGate(NO_PIN_ATTEMPTS, T)).toEqual({ kind: 'open' });
    expect(pinGate(attempts({ failures: 150, streak: freeStreak - 1, lastFailureAt: T }), T)).toEqual({
      kind: 'open',
    });
  });

  it('past it, waits for the delay after the last wrong PIN, then asks for the guarded check', () => {
    const seen = attempts({ failures: 8, streak: 8, lastFailureAt: T });
    expect(pinGate(seen, T)).toEqual({ kind: 'wait', retryAfterMs: 8_000 });
    expect(pinGate(seen, T + 7_999)).toEqual({ kind: 'wait', retryAfterMs: 1 });
    expect(pinGate(seen, T + 8_000)).toEqual({ kind: 'guarded' });
  });

  it('waits for a guarded check under way even when the delay has passed', () => {
    const seen = attempts({ failures: 6, streak: 6, lastFailureAt: T, checkUntil: T + 60_000 });
    expect(pinGate(seen, T + 10_000)).toEqual({ kind: 'wait', retryAfterMs: 50_000 });
    expect(pinGate(seen, T + 60_000)).toEqual({ kind: 'guarded' });
  });

  it('locks from the lock count on, for ever after, whatever the streak or the clock', () => {
    expect(isPinLocked(attempts({ failures: lockAfter - 1 }))).toBe(false);
    for (const streak of [0, 3, 40]) {
      const seen = attempts({ failures: lockAfter, streak, lastFailureAt: T });
      expect(pinGate(seen, T + 365 * 86_400_000)).toEqual({ kind: 'locked' });
    }
  });
});

describe('Retry-After', () => {
  it('is whole seconds, rounded up, never zero', () => {
    expect([1, 999, 1_000, 1_001, 899_999].map(retryAfterSeconds)).toEqual([1, 1, 1, 2, 900]);
  });
});

/**
 * A guesser alone with a gallery (no right PIN ends their streak), checking at the first moment each gate
 * allows: how many PINs they can try in a time (docs/decisions.md, "PINs that cannot be guessed").
 */
function checksWithin(durationMs: number): { checks: number; locked: boolean } {
  let seen = NO_PIN_ATTEMPTS;
  let now = T;
  let checks = 0;
  for (;;) {
    const gate = pinGate(seen, now);
    if (gate.kind === 'locked') return { checks, locked: true };
    if (gate.kind === 'wait') now += gate.retryAfterMs;
    if (now > T + durationMs) return { checks, locked: false };
    checks += 1;
    seen = { failures: seen.failures + 1, streak: seen.streak + 1, lastFailureAt: now };
  }
}

describe('the guessing math', () => {
  it('allows 109 PINs in the first day and 96 a day after it, so the lock comes on the second day', () => {
    expect(checksWithin(86_400_000)).toEqual({ checks: 109, locked: false });
    // Then one every 15 minutes: 96 a day.
    expect(checksWithin(86_400_000 + 50 * maxDelayMs).checks).toBe(109 + 50);
    expect(checksWithin(2 * 86_400_000)).toEqual({ checks: lockAfter, locked: true });
    // At most lockAfter PINs until the seller acts: against the 10^6 PINs of the shortest new PIN.
    expect(lockAfter / 10 ** 6).toBeLessThanOrEqual(1 / 5_000);
  });
});
