/** The real services every screen uses: the API client, the human check and full-page navigation. */
import { useState, type ReactNode } from 'react';
import { getEnv } from '../config/env';
import { createApiClient } from '../lib/api-client';
import { currentIdToken } from '../lib/auth/id-token';
import { createCaptcha } from '../lib/captcha';
import { ServicesProvider, type Services } from '../lib/services';

/** /orders/{orderId}: the page checks for a human before it shows anything of the order. */
export const startsWithHumanCheck = (pathname: string) => /^\/orders\/[^/]+\/?$/.test(pathname);

function createServices(): Services {
  const env = getEnv();
  return {
    // The seller's ID token, once a seller route has loaded the session (never on customer routes).
    api: createApiClient({ getToken: currentIdToken }),
    executeCaptcha: createCaptcha({
      siteKey: env.VITE_CAPTCHA_SITE_KEY,
      scriptUrl: env.VITE_CAPTCHA_SCRIPT_URL,
      // An order link's first screen waits on the human check: fetch Google's script beside the order
      // screen's code instead of after it (the script is async: it never holds up the first paint).
      loadNow: startsWithHumanCheck(window.location.pathname),
    }),
    assignLocation: (url) => window.location.assign(url),
  };
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [services] = useState(createServices);
  return <ServicesProvider services={services}>{children}</ServicesProvider>;
}
