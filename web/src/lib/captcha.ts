/**
 * reCAPTCHA v3 (score-based, invisible): the script is loaded once, on the first check (or earlier with
 * `warm`, when a check is about to be needed), so pages that never check anything never download it.
 * Locally the script URL points at a stub with the same API.
 *
 *   const captcha = createCaptcha({ siteKey, scriptUrl });
 *   captcha.warm(); // e.g. as the customer starts typing the email a check will send
 *   const token = await captcha.execute(CAPTCHA_ACTIONS.publicOrderCheck);
 *
 * Every failure message contains 'captcha': the order screens map such errors to the spec's captcha text.
 */
import type { CAPTCHA_ACTIONS } from '#shared/rules/constants';

export type CaptchaAction = (typeof CAPTCHA_ACTIONS)[keyof typeof CAPTCHA_ACTIONS];
export type ExecuteCaptcha = (action: CaptchaAction) => Promise<string>;

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

export interface CaptchaConfig {
  siteKey: string;
  scriptUrl: string;
  /** How long to wait for the script and its `ready` callback. */
  timeoutMs?: number;
}

export interface Captcha {
  execute: ExecuteCaptcha;
  /**
   * Start loading the script now rather than on the first check: for a form whose submit will check
   * (the script downloads and runs while the customer types, not after the tap).
   */
  warm(): void;
}

const DEFAULT_TIMEOUT_MS = 15_000;

export function captchaScriptUrl(scriptUrl: string, siteKey: string): string {
  const url = new URL(scriptUrl, document.baseURI);
  url.searchParams.set('render', siteKey);
  return url.toString();
}

export function createCaptcha({
  siteKey,
  scriptUrl,
  timeoutMs = DEFAULT_TIMEOUT_MS,
}: CaptchaConfig): Captcha {
  let ready: Promise<Grecaptcha> | null = null;

  const load = (): Promise<Grecaptcha> => {
    ready ??= withTimeout(loadScript(captchaScriptUrl(scriptUrl, siteKey)), timeoutMs).catch(
      (error: unknown) => {
        // Forget the failure so the customer's retry loads the script again.
        ready = null;
        throw error;
      },
    );
    return ready;
  };
  // A failure here is forgotten (see above) and met again by the first check, which reports it.
  const warm = () => void load().catch(() => undefined);

  const execute: ExecuteCaptcha = async (action) => {
    const grecaptcha = await load();
    try {
      const token = await grecaptcha.execute(siteKey, { action });
      if (!token) throw new Error('empty token');
      return token;
    } catch (error) {
      throw new Error(`captcha check failed: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
  };
  return { execute, warm };
}

function loadScript(src: string): Promise<Grecaptcha> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.defer = true;
    script.addEventListener('load', () => {
      const grecaptcha = window.grecaptcha;
      if (!grecaptcha) {
        reject(new Error('captcha script loaded without grecaptcha'));
        return;
      }
      grecaptcha.ready(() => resolve(grecaptcha));
    });
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error('captcha script failed to load'));
    });
    document.head.append(script);
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('captcha did not become ready in time')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
