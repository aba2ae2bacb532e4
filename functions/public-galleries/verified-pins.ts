/**
 * PINs this warm function has already found right, so a gallery's customers (who send the PIN with
 * every page, search and order) pass without a slow hash each time, and without the delay and human
 * check a guesser brings on the gallery: only the lock stops them. Kept in memory only, as a MAC under a
 * key drawn at cold start, per PIN hash (a new PIN has a new hash, so the old one is never found again).
 * Only a PIN that matched its hash is ever kept: a guess found here is a right guess.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const key = randomBytes(32);
const rightPins = new Map<string, Buffer>();
/** Galleries a warm function serves at once: a handful; more only costs a hash again. */
const MAX_GALLERIES = 100;

const mac = (pinHash: string, pin: string) => createHmac('sha256', key).update(`${pinHash}\n${pin}`).digest();

export function isKnownRightPin(pinHash: string, pin: string): boolean {
  const known = rightPins.get(pinHash);
  return known !== undefined && timingSafeEqual(known, mac(pinHash, pin));
}

export function rememberRightPin(pinHash: string, pin: string): void {
  if (rightPins.size >= MAX_GALLERIES) rightPins.clear();
  rightPins.set(pinHash, mac(pinHash, pin));
}
