/**
 * The pure core of the reCAPTCHA v3 stub: which tokens were issued, and what siteverify answers for
 * one. The rules are Google's: a token is good for two minutes and for one verification only
 * (`timeout-or-duplicate` afterwards), the secret is checked before the token, and `success` says
 * nothing about the score (v3 leaves the threshold to the caller).
 */
import { randomBytes } from 'node:crypto';

/** Google: "each reCAPTCHA user response token is valid for two minutes". */
export const TOKEN_LIFETIME_MS = 2 * 60 * 1000;
/** Tokens are forgotten well after they expired, so late replays still get `timeout-or-duplicate`. */
const TOKEN_MEMORY_MS = 30 * 60 * 1000;

/** What the stub remembers about a token from the moment `grecaptcha.execute` asked for it. */
export interface IssuedToken {
  action: string;
  hostname: string;
  score: number;
  issuedAt: number;
  verified: boolean;
}

export type SiteverifyErrorCode =
  | 'missing-input-secret'
  | 'invalid-input-secret'
  | 'missing-input-response'
  | 'invalid-input-response'
  | 'timeout-or-duplicate';

/** Google's siteverify JSON, as the stub answers it. */
export type SiteverifyAnswer =
  | { success: true; score: number; action: string; challenge_ts: string; hostname: string }
  | { success: false; 'error-codes': SiteverifyErrorCode[] };

/** Google: "Actions may only contain alphanumeric characters, slashes, and underscores." */
export const isValidAction = (action: string): boolean => /^[A-Za-z0-9_/]{1,100}$/.test(action);

export const isValidScore = (score: unknown): score is number =>
  typeof score === 'number' && Number.isFinite(score) && score >= 0 && score <= 1;

/** Issued tokens in memory; `redeem` marks a token as used and returns what it was before. */
export class TokenStore {
  private readonly tokens = new Map<string, IssuedToken>();

  issue(claims: Omit<IssuedToken, 'verified'>): string {
    this.forgetOlderThan(claims.issuedAt - TOKEN_MEMORY_MS);
    const token = randomBytes(48).toString('base64url');
    this.tokens.set(token, { ...claims, verified: false });
    return token;
  }

  redeem(token: string): IssuedToken | undefined {
    const issued = this.tokens.get(token);
    if (issued) this.tokens.set(token, { ...issued, verified: true });
    return issued;
  }

  /**
   * A Map iterates in insertion order, which is issue order (redeeming sets an existing key in place), so
   * the old tokens come first and the walk stops at the first one to keep: a test run issues tokens by the
   * thousand, and a walk over all of them on every issue was a good part of the stack's CPU.
   */
  private forgetOlderThan(cutoff: number): void {
    for (const [token, issued] of this.tokens) {
      if (issued.issuedAt >= cutoff) return;
      this.tokens.delete(token);
    }
  }
}

export interface VerificationInput {
  secret: string | undefined;
  expectedSecret: string;
  response: string | undefined;
  /** The token's state before this verification (undefined when the stub never issued it). */
  issued: IssuedToken | undefined;
  now: number;
}

/** Google's `challenge_ts` format: ISO 8601 to the second (yyyy-MM-dd'T'HH:mm:ssZ). */
export const challengeTimestamp = (epochMs: number): string =>
  new Date(epochMs).toISOString().replace(/\.\d{3}Z$/, 'Z');

const failure = (code: SiteverifyErrorCode): SiteverifyAnswer => ({ success: false, 'error-codes': [code] });

/** Whether the request may consume the token: only a caller holding the right secret can. */
export const secretMatches = (input: Pick<VerificationInput, 'secret' | 'expectedSecret'>): boolean =>
  input.secret === input.expectedSecret;

/** Siteverify's answer for one request, checked in Google's order: secret, then token. */
export function decideVerification(input: VerificationInput): SiteverifyAnswer {
  if (!input.secret) return failure('missing-input-secret');
  if (!secretMatches(input)) return failure('invalid-input-secret');
  if (!input.response) return failure('missing-input-response');
  const { issued } = input;
  if (!issued) return failure('invalid-input-response');
  if (issued.verified || input.now - issued.issuedAt > TOKEN_LIFETIME_MS)
    return failure('timeout-or-duplicate');
  return {
    success: true,
    score: issued.score,
    action: issued.action,
    challenge_ts: challengeTimestamp(issued.issuedAt),
    hostname: issued.hostname,
  };
}
