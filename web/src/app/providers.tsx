/** The real services every screen uses: the API client, the human check and full-page navigation. */
import { useState, type ReactNode } from 'react';
import { getEnv } from '../config/env';
import { createApiClient } from '../lib/api-client';
import { currentIdToken } from '../lib/auth/id-token';
import { lazyCaptcha } from '../lib/lazy-captcha';
import { ServicesProvider, type Services } from '../lib/services';

function createServices(): Services {
  const env = getEnv();
  // No page loads Google's script (or our code that loads it) at once: the first check, or a form about to
  // check, does.
  const captcha = lazyCaptcha({ siteKey: env.VITE_CAPTCHA_SITE_KEY, scriptUrl: env.VITE_CAPTCHA_SCRIPT_URL });
  return {
    // The seller's ID token, once a seller route has loaded the session (never on customer routes).
    api: createApiClient({ getToken: currentIdToken }),
    executeCaptcha: captcha.execute,
    warmCaptcha: captcha.warm,
    assignLocation: (url) => window.location.assign(url),
  };
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [services] = useState(createServices);
  return <ServicesProvider services={services}>{children}</ServicesProvider>;
}
