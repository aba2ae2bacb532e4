/**
 * A PIN gallery's PIN check, with what stops a guesser (shared/rules/pin-attempts.ts): the lock, the
 * delay and the human check are all decided from the item already read, before the slow hash, so a
 * guesser can neither keep the function busy nor learn anything while refused. Past the free streak a
 * check runs only once its human check passed and it claimed the gallery's turn (one at a time).
 */
import { CAPTCHA_ACTIONS } from '#shared/contract/captcha-actions';
import { publicGalleryErrors } from '#shared/texts/public-gallery-errors';
import {
  PIN_ATTEMPTS,
  isPinLocked,
  pinGate,
  retryAfterSeconds,
  type PinAttempts,
} from '#shared/rules/pin-attempts';
import { verifyCaptcha } from '../lib/captcha';
import { pinMatches } from '../domains/public-galleries/gallery-pin';
import { badRequest, forbidden, locked, tooManyRequests } from '../lib/http-error';
import {
  claimPinCheck,
  countWrongPin,
  endPinStreak,
  pinAttemptsOf,
} from '../domains/public-galleries/pin-attempt-store';
import type { PublicGalleryRecord } from '../domains/public-galleries/public-gallery-store';
import { isKnownRightPin, rememberRightPin } from './verified-pins';

/** The human check a PIN attempt may carry (the view's call: the PIN form's). */
export interface HumanCheck {
  captchaToken?: string | undefined;
  remoteIp?: string | undefined;
}

type PinGallery = PublicGalleryRecord & { pinHash: string };

const wait = (ms: number) => {
  const seconds = retryAfterSeconds(ms);
  return tooManyRequests(publicGalleryErrors.pinWait(seconds), seconds);
};

/** A guarded check: its human check, then the gallery's turn (a request that lost the race waits). */
async function takeGuardedTurn(record: PinGallery, seen: PinAttempts, check: HumanCheck, now: Date) {
  if (!check.captchaToken) throw badRequest(publicGalleryErrors.pinCheckNeeded);
  await verifyCaptcha(check.captchaToken, CAPTCHA_ACTIONS.publicGalleryPin, check.remoteIp);
  const claimed = await claimPinCheck(record.publicId, record.pinHash, seen, now, PIN_ATTEMPTS.checkHoldMs);
  if (!claimed) throw wait(PIN_ATTEMPTS.checkHoldMs);
}

async function rightPin(record: PinGallery, pin: string, seen: PinAttempts): Promise<void> {
  rememberRightPin(record.pinHash, pin);
  // Only when the item showed wrong PINs: a crowd's right PINs write nothing.
  if (seen.streak > 0) await endPinStreak(record.publicId, record.pinHash, seen.streak);
}

/** Passes for the right PIN; otherwise throws the answer (403 asking for it, 400, 423 or 429). */
export async function checkPin(
  record: PinGallery,
  pin: string | undefined,
  check: HumanCheck,
  now: Date,
): Promise<void> {
  const seen = pinAttemptsOf(record);
  const gate = pinGate(seen, now.getTime());
  if (gate.kind === 'locked') throw locked(publicGalleryErrors.pinLocked);
  if (!pin) throw forbidden(publicGalleryErrors.pinRequired);
  if (isKnownRightPin(record.pinHash, pin)) return rightPin(record, pin, seen);
  if (gate.kind === 'wait') throw wait(gate.retryAfterMs);
  if (gate.kind === 'guarded') await takeGuardedTurn(record, seen, check, now);
  if (await pinMatches(pin, record.pinHash)) return rightPin(record, pin, seen);
  const after = await countWrongPin(record.publicId, record.pinHash, now);
  throw after && isPinLocked(after)
    ? locked(publicGalleryErrors.pinLocked)
    : forbidden(publicGalleryErrors.wrongPin);
}
