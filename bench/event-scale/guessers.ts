/**
 * With the crowd's settings, a guesser from the same address is still stopped: random order ids sent to
 * the public order call until an answer refuses them (429 from the route's throttle, or the WAF's 403
 * page), as S16 checks with the production rules.
 */
import { randomBytes } from 'node:crypto';
import type { TestStack } from '../../test/support/local-stack';

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
