/**
 * With the crowd's settings, guessers from the same address are still stopped: random order ids sent to
 * the public order call until an answer refuses them (429 from the route's throttle, or the WAF's 403
 * page), as S16 checks with the production rules; and a PIN gallery's PIN guessed, which the gallery's
 * own count of wrong PINs slows whatever the address (the PIN lock, S33).
 */
import { randomBytes } from 'node:crypto';
import { CAPTCHA_ACTIONS } from '#shared/contract/captcha-actions';
import { captchaToken, type TestStack } from '@shutterlane/harness/local-stack';

export const GUESSES = 10_000;

export interface GuesserResult {
  /** Requests sent before the first refusal (undefined: never refused). */
  firstThrottled?: number;
  firstBlocked?: number;
  sent: number;
}

export async function guessOrderIds(env: TestStack): Promise<GuesserResult> {
  const result: GuesserResult = { sent: 0 };
  for (let i = 1; i <= GUESSES && result.firstBlocked === undefined; i++) {
    const answer = await fetch(`${env.demo.apiUrl}/public/orders/${randomBytes(16).toString('base64url')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    await answer.arrayBuffer();
    result.sent = i;
    if (answer.status === 429) result.firstThrottled ??= i;
    if (answer.status === 403) result.firstBlocked = i;
  }
  return result;
}

/** How long the PIN guesser keeps at it. */
export const PIN_GUESS_SECONDS = 30;

export interface PinGuesserResult {
  /** Wrong PINs the gallery checked (answered 403), and at which attempt it first made the guesser wait. */
  checked: number;
  firstWaitAt?: number;
  attempts: number;
}

/**
 * The smartest guesser of a PIN gallery's PIN from one address: each wrong PIN with a good human-check
 * token (the best a bot farm could do), and when the gallery says to wait (429), waiting exactly as long.
 */
export async function guessPins(env: TestStack, publicId: string): Promise<PinGuesserResult> {
  const result: PinGuesserResult = { checked: 0, attempts: 0 };
  const ends = Date.now() + PIN_GUESS_SECONDS * 1000;
  for (let guess = 100_000; Date.now() < ends; guess++) {
    const answer = await fetch(`${env.demo.apiUrl}/public/galleries/${publicId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        pin: String(guess),
        captchaToken: await captchaToken(env.stack.urls.captcha, CAPTCHA_ACTIONS.publicGalleryPin),
      }),
    });
    await answer.arrayBuffer();
    result.attempts++;
    if (answer.status === 403) result.checked++;
    if (answer.status === 429) {
      result.firstWaitAt ??= result.attempts;
      const wait = Number(answer.headers.get('retry-after') ?? 1) * 1000;
      await new Promise((resolve) => setTimeout(resolve, Math.min(wait, Math.max(0, ends - Date.now()))));
    }
  }
  return result;
}
