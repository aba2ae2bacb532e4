/**
 * web/vite.config.ts applies the company-details rule by command: `vite build` (whatever its mode) requires
 * them, the dev server and `vite preview` do not. The config reads the variables from the environment.
 */
import type { ConfigEnv, UserConfig } from 'vite';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import viteConfig from '../../vite.config';
import { COMPANY_SETTING_NAMES, exampleCompanySettings } from './env-schema';

const resolve = (env: Partial<ConfigEnv>): UserConfig =>
  (viteConfig as (env: ConfigEnv) => UserConfig)({ command: 'serve', mode: 'development', ...env });

beforeEach(() => {
  vi.stubEnv('VITE_CAPTCHA_SITE_KEY', 'site-key');
  // The unit tests' environment carries the unset values (vitest.config.ts): start from none.
  for (const name of COMPANY_SETTING_NAMES) vi.stubEnv(name, undefined);
});
afterEach(() => {
  vi.unstubAllEnvs();
});

it.each(['production', 'staging', 'development'])(
  '`vite build --mode %s` refuses to start without them',
  (mode) => {
    expect(() => resolve({ command: 'build', mode })).toThrow(
      /set these VITE_ variables: VITE_COMPANY_LEGAL_NAME, VITE_COMPANY_REGISTRATION, VITE_COMPANY_ADDRESS, VITE_COMPANY_SOCIAL_LINKS/,
    );
  },
);

it('`vite build` writes the checked values into the bundle', () => {
  for (const [name, value] of Object.entries(exampleCompanySettings('unit test'))) vi.stubEnv(name, value);
  vi.stubEnv('VITE_COMPANY_SOCIAL_LINKS', 'none');
  const config = resolve({ command: 'build', mode: 'production' });
  expect(config.define).toMatchObject({
    'import.meta.env.VITE_COMPANY_LEGAL_NAME': JSON.stringify('Example Photos Ltd (unit test)'),
    'import.meta.env.VITE_COMPANY_SOCIAL_LINKS': JSON.stringify(''),
  });
});

it('the dev server and `vite preview` show plainly unset values', () => {
  for (const env of [
    { command: 'serve' as const },
    { command: 'serve' as const, mode: 'production', isPreview: true },
  ]) {
    expect(resolve(env).define).toMatchObject({
      'import.meta.env.VITE_COMPANY_LEGAL_NAME': JSON.stringify('Company name not set'),
      'import.meta.env.VITE_COMPANY_REGISTRATION': JSON.stringify('Company registration not set'),
      'import.meta.env.VITE_COMPANY_ADDRESS': JSON.stringify(''),
      'import.meta.env.VITE_COMPANY_SOCIAL_LINKS': JSON.stringify(''),
    });
  }
});
