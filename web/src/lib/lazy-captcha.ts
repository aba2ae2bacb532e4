/**
 * The human check with its code loaded on first use: no page checks at once any more (an order opens
 * without a check unless it holds photos), so the loader of Google's script stays out of the entry chunk
 * every page downloads. A failed import is forgotten, so the next check tries again.
 */
import type { Captcha, CaptchaConfig } from './captcha';

export function lazyCaptcha(config: CaptchaConfig): Captcha {
  let captcha: Promise<Captcha> | null = null;
  const load = (): Promise<Captcha> => {
    captcha ??= import('./captcha').then(
      ({ createCaptcha }) => createCaptcha(config),
      (error: unknown) => {
        captcha = null;
        throw new Error(`captcha code failed to load: ${String(error)}`, { cause: error });
      },
    );
    return captcha;
  };
  return {
    execute: async (action) => (await load()).execute(action),
    warm: () =>
      void load().then(
        (loaded) => loaded.warm(),
        () => undefined,
      ),
  };
}
