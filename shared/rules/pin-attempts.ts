/**
 * How a PIN gallery stops a guesser, as pure functions of its count of wrong PINs and the clock (the
 * numbers and the guessing math: docs/decisions.md, "PINs that cannot be guessed").
 *
 * - A streak of wrong PINs (anyone's, since the last right one) up to `freeStreak` costs nothing: a
 *   crowd's typos fall among its right PINs and never make such a streak.
 * - Past it the gallery is guarded: each PIN check needs a human check, and none runs before a delay
 *   after the last wrong PIN, doubling with each wrong PIN of the streak up to `maxDelayMs`.
 * - `lockAfter` wrong PINs since the PIN was set or last unlocked lock it: every PIN is refused, the right
 *   one too, until the seller unlocks it or sets a new PIN. Right PINs do not take wrong ones back, so a
 *   crowd's successes never buy a guesser more tries: this count is what bounds a guesser.
 *
 * Plain values and functions: the seller's page reads the numbers without loading zod.
 */
export const PIN_ATTEMPTS = {
  freeStreak: 5,
  firstDelayMs: 1_000,
  maxDelayMs: 15 * 60_000,
  lockAfter: 200,
  /** How long a claimed guarded check keeps others waiting: its hash takes well under a second. */
  checkHoldMs: 5_000,
} as const;

export interface PinAttempts {
  /** Wrong PINs since the PIN was set or last unlocked. */
  failures: number;
  /** Wrong PINs since the last right one. */
  streak: number;
  /** When the latest wrong PIN was counted (ms since the epoch). */
  lastFailureAt?: number | undefined;
  /** A guarded check under way keeps others out until then (ms since the epoch). */
  checkUntil?: number | undefined;
}

export const NO_PIN_ATTEMPTS: PinAttempts = { failures: 0, streak: 0 };

/**
 * What a PIN check may do now: `open`, checked at once; `guarded`, checked once a human check passed and
 * this request claimed the turn; `wait`, none before `retryAfterMs`; `locked`, none at all.
 */
export type PinGate =
  { kind: 'open' } | { kind: 'guarded' } | { kind: 'wait'; retryAfterMs: number } | { kind: 'locked' };

export const isPinLocked = (attempts: PinAttempts): boolean => attempts.failures >= PIN_ATTEMPTS.lockAfter;

export const isGuarded = (attempts: PinAttempts): boolean => attempts.streak >= PIN_ATTEMPTS.freeStreak;

/** How long after the wrong PIN that made this streak the next check must wait. */
export function delayAfter(streak: number): number {
  if (streak < PIN_ATTEMPTS.freeStreak) return 0;
  const doublings = streak - PIN_ATTEMPTS.freeStreak;
  return Math.min(PIN_ATTEMPTS.maxDelayMs, PIN_ATTEMPTS.firstDelayMs * 2 ** doublings);
}

/** The earliest time (ms since the epoch) a guarded check may run. */
export const nextCheckAt = (attempts: PinAttempts): number =>
  Math.max((attempts.lastFailureAt ?? 0) + delayAfter(attempts.streak), attempts.checkUntil ?? 0);

export function pinGate(attempts: PinAttempts, now: number): PinGate {
  if (isPinLocked(attempts)) return { kind: 'locked' };
  if (!isGuarded(attempts)) return { kind: 'open' };
  const at = nextCheckAt(attempts);
  return now < at ? { kind: 'wait', retryAfterMs: at - now } : { kind: 'guarded' };
}

/** A wait as HTTP's Retry-After says it: whole seconds, at least one. */
export const retryAfterSeconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));
