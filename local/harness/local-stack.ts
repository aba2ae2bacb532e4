/**
 * A test file's view of the shared local stack (local/harness/global-stack.ts): its URLs, the Cognito
 * pool, the captcha stub's control, and demo orders of its own (made fresh for the file from the
 * seed's seller and gallery).
 */
import { LOCAL_SECRETS } from '@shutterlane/local-stack/config';
import { demoFile, type DemoFile } from '@shutterlane/local-stack/seed/demo-file';
import { freshDemoOrders } from '@shutterlane/local-stack/seed/seed';
import { beforeAll } from 'vitest';
import type { SharedStack } from './global-stack';
import { localStack } from './worker-stack';

export interface CaptchaControl {
  /** The score the stub gives the next tokens (tests set it low to fail the check). */
  setScore(score: number): Promise<void>;
}

export interface TestStack {
  stack: Pick<SharedStack, 'urls' | 'cognito' | 'operatorEnv'> & { captcha: CaptchaControl };
  demo: DemoFile;
  dataDir: string;
  /** Nothing to stop for a test file: the run's global teardown stops the shared stack. */
  stop(): Promise<void>;
}

export function captchaControl(captchaUrl: string): CaptchaControl {
  return {
    async setScore(score) {
      const response = await fetch(`${captchaUrl}/__control/score`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ score }),
      });
      if (!response.ok) throw new Error(`captcha stub answered ${response.status}`);
    },
  };
}

/** The shared stack, with four demo orders made for this test file. */
export async function startTestStack(): Promise<TestStack> {
  const shared = localStack();
  const seed = await freshDemoOrders(shared.seed);
  return {
    stack: {
      urls: shared.urls,
      cognito: shared.cognito,
      operatorEnv: shared.operatorEnv,
      captcha: captchaControl(shared.urls.captcha),
    },
    demo: demoFile(seed, shared.urls),
    dataDir: shared.dataDir,
    stop: async () => undefined,
  };
}

/** A fresh reCAPTCHA token from the stub, as the page script would get one on `hostname`. */
export async function captchaToken(
  captchaUrl: string,
  action: string,
  hostname = 'localhost',
): Promise<string> {
  const response = await fetch(`${captchaUrl}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ siteKey: LOCAL_SECRETS.captchaSiteKey, action, hostname }),
  });
  if (!response.ok) throw new Error(`captcha stub answered ${response.status}`);
  const body = (await response.json()) as { token: string };
  return body.token;
}

/**
 * Verifies `token` at the stub's siteverify as the server does (spending it): whether it was still good,
 * i.e. issued and never verified before. A token a request carried and that is still good shows that
 * the request never reached the function that checks it.
 */
export async function redeemCaptchaToken(captchaUrl: string, token: string): Promise<boolean> {
  const answer = await fetch(`${captchaUrl}/recaptcha/api/siteverify`, {
    method: 'POST',
    body: new URLSearchParams({ secret: LOCAL_SECRETS.captchaSecret, response: token }),
  });
  if (!answer.ok) throw new Error(`captcha stub answered ${answer.status}`);
  return ((await answer.json()) as { success: boolean }).success;
}

/**
 * The test file's view of the run's shared stack (see startTestStack), filled in before the file's
 * tests run; nothing to stop afterwards.
 */
export function useTestStack(): TestStack {
  const env = {} as TestStack;
  beforeAll(async () => {
    Object.assign(env, await startTestStack());
  });
  return env;
}
