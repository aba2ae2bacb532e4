/**
 * The hosted sign-in's custom state: where to return after sign-in and when the attempt started,
 * hex-encoded (the account document, section 2). It expires after 3 minutes; the callback retries
 * finishing the sign-in at most 3 times.
 */
import { SIGNIN_MAX_RETRIES, SIGNIN_STATE_EXPIRY_MS } from '#shared/rules/constants';

export interface SignInState {
  returnTo: string;
  /** Epoch milliseconds when sign-in started. */
  startedAt: number;
}

const toHex = (text: string) =>
  Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, '0')).join('');

function fromHex(hex: string): string | null {
  if (!/^(?:[0-9a-f]{2})+$/i.test(hex)) return null;
  const bytes = new Uint8Array(hex.match(/../g)!.map((pair) => parseInt(pair, 16)));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** Only paths inside the SPA: never another origin, never a protocol-relative `//host`. */
export const safeReturnPath = (path: unknown): string =>
  typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\')
    ? path
    : '/dashboard';

export const encodeSignInState = (returnTo: string, now = Date.now()): string =>
  toHex(JSON.stringify({ returnTo: safeReturnPath(returnTo), startedAt: now } satisfies SignInState));

/** The return path of a state, or '/dashboard' when the state is missing, malformed or expired. */
export function returnPathFromState(hex: string | null | undefined, now = Date.now()): string {
  const text = hex ? fromHex(hex) : null;
  if (!text) return '/dashboard';
  try {
    const state = JSON.parse(text) as Partial<SignInState>;
    if (typeof state.startedAt !== 'number' || now - state.startedAt > SIGNIN_STATE_EXPIRY_MS)
      return '/dashboard';
    return safeReturnPath(state.returnTo);
  } catch {
    return '/dashboard';
  }
}

/** Runs `attempt` up to 3 times, waiting `delayMs` between tries; the last error is thrown. */
export async function withRetries<T>(attempt: () => Promise<T>, delayMs = 500): Promise<T> {
  let lastError: unknown;
  for (let tryNumber = 1; tryNumber <= SIGNIN_MAX_RETRIES; tryNumber++) {
    try {
      return await attempt();
    } catch (error) {
      lastError = error;
      if (tryNumber < SIGNIN_MAX_RETRIES) await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
  throw lastError;
}
