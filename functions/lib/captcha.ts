/**
 * Server-side check of a reCAPTCHA v3 token through the siteverify endpoint (Google's in AWS, the
 * stub locally). A token passes when siteverify says success, it was issued for the expected action
 * on one of our host names, and its score reaches the threshold. Siteverify itself refuses a token
 * seen before (`timeout-or-duplicate`), which makes every token good once.
 */
import * as z from 'zod/mini';
import { serverErrors } from '#shared/texts/errors';
import { postForm } from './captcha-siteverify';
import { captchaEnv } from './env';
import { forbidden, serviceUnavailable } from './http-error';
import { logger } from './logger';
import { captchaSecret } from './secrets';

const SiteVerifyResponse = z.object({
  success: z.boolean(),
  score: z.optional(z.number()),
  action: z.optional(z.string()),
  hostname: z.optional(z.string()),
  'error-codes': z.optional(z.array(z.string())),
});
export type SiteVerifyResponse = z.infer<typeof SiteVerifyResponse>;

export interface CaptchaPolicy {
  action: string;
  minScore: number;
  hostnames: string[];
}

/** Pure decision: why a siteverify answer is refused, or null when it passes. */
export function captchaRefusal(answer: SiteVerifyResponse, policy: CaptchaPolicy): string | null {
  if (!answer.success)
    return `not successful (${(answer['error-codes'] ?? []).join(', ') || 'no reason given'})`;
  if (answer.action !== policy.action) return `action ${answer.action ?? 'missing'} is not ${policy.action}`;
  if (!answer.hostname || !policy.hostnames.includes(answer.hostname))
    return `hostname ${answer.hostname} not allowed`;
  if ((answer.score ?? 0) < policy.minScore) return `score ${answer.score} below ${policy.minScore}`;
  return null;
}

/** How long siteverify may take before the call answers 503. */
const SITEVERIFY_TIMEOUT_MS = 5000;

async function siteVerify(token: string, remoteIp: string | undefined): Promise<SiteVerifyResponse> {
  const { CAPTCHA_VERIFY_URL } = captchaEnv();
  // Read before the call, so a secret that cannot be read is logged as that, not as siteverify down.
  const secret = await captchaSecret();
  const form = new URLSearchParams({ secret, response: token });
  if (remoteIp) form.set('remoteip', remoteIp);
  try {
    return SiteVerifyResponse.parse(await postForm(CAPTCHA_VERIFY_URL, form, SITEVERIFY_TIMEOUT_MS));
  } catch (error) {
    logger.error('siteverify unreachable', { error });
    throw serviceUnavailable(serverErrors.serviceUnavailable);
  }
}

/** Throws 403 with a message containing 'captcha' unless the token passes for this action. */
export async function verifyCaptcha(token: string, action: string, remoteIp?: string): Promise<void> {
  const { CAPTCHA_MIN_SCORE, CAPTCHA_HOSTNAMES } = captchaEnv();
  const answer = await siteVerify(token, remoteIp);
  const refusal = captchaRefusal(answer, {
    action,
    minScore: CAPTCHA_MIN_SCORE,
    hostnames: CAPTCHA_HOSTNAMES.split(',').map((h) => h.trim()),
  });
  if (refusal) {
    logger.warn('captcha refused', { action, refusal });
    throw forbidden(serverErrors.captchaFailed);
  }
}
