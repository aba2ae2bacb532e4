/**
 * Where seller sign-in happens: `/runtime-config.json`, which the site stack deploys beside the SPA
 * and the local stack serves the same way. There is no build-time alternative, so the bundle that is
 * tested locally is the one that signs in against AWS; only the file's values differ. The file is
 * checked by hand rather than with zod, which stays out of the browser bundle (config/env-schema.ts).
 */
import { signInFlowErrors } from './sign-in-errors';

export const RUNTIME_CONFIG_PATH = '/runtime-config.json';

export interface AuthConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** The hosted sign-in's base URL, `https://<prefix>.auth.<region>.amazoncognito.com`. */
  hostedUiDomain?: string;
  /** The site's URL: the hosted sign-in's callback addresses are registered under it. */
  siteUrl?: string;
  /** Set only by the local stack, to point Amplify at the Cognito stand-in; never by a deployment. */
  userPoolEndpoint?: string;
}

/** The file could not be loaded or read: its message says which and is fit to show. */
export class AuthConfigError extends Error {
  override readonly name = 'AuthConfigError';
}

interface FieldRule {
  accepts: (value: unknown) => value is string;
  /** Completes "<field> must be …" in the error. */
  expected: string;
}

/** Cognito's own pattern for a user pool id (region, underscore, id). */
const USER_POOL_ID = /^[\w-]+_[0-9a-zA-Z]+$/;

const isNonEmptyString = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '';

const isUrlWith =
  (...protocols: string[]) =>
  (value: unknown): value is string => {
    if (typeof value !== 'string') return false;
    try {
      return protocols.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  };

const FIELD_RULES: Record<keyof AuthConfig, FieldRule> = {
  region: { accepts: isNonEmptyString, expected: 'a region name' },
  userPoolId: {
    accepts: (value): value is string => typeof value === 'string' && USER_POOL_ID.test(value),
    expected: 'a user pool id such as eu-west-2_AbC123',
  },
  userPoolClientId: { accepts: isNonEmptyString, expected: 'an app client id' },
  // Amplify only ever builds https:// addresses from it.
  hostedUiDomain: { accepts: isUrlWith('https:'), expected: 'an https URL' },
  siteUrl: { accepts: isUrlWith('https:', 'http:'), expected: 'an http(s) URL' },
  userPoolEndpoint: { accepts: isUrlWith('https:', 'http:'), expected: 'an http(s) URL' },
};

const OPTIONAL_FIELDS = ['hostedUiDomain', 'siteUrl', 'userPoolEndpoint'] as const;

const malformed = (problem: string) => new AuthConfigError(signInFlowErrors.configMalformed(problem));

/** Reads one field: undefined when absent; throws when present but not what the rule accepts. */
function readField(source: Record<string, unknown>, field: keyof AuthConfig): string | undefined {
  const value = source[field];
  if (value === undefined) return undefined;
  const rule = FIELD_RULES[field];
  if (!rule.accepts(value)) throw malformed(`${field} must be ${rule.expected}`);
  return value;
}

function readRequired(source: Record<string, unknown>, field: keyof AuthConfig): string {
  const value = readField(source, field);
  if (value === undefined) throw malformed(`${field} is missing`);
  return value;
}

/** The sign-in settings of a parsed `/runtime-config.json`; throws naming the first bad field. */
export function parseAuthConfig(json: unknown): AuthConfig {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw malformed('not a JSON object');
  const source = json as Record<string, unknown>;
  const config: AuthConfig = {
    region: readRequired(source, 'region'),
    userPoolId: readRequired(source, 'userPoolId'),
    userPoolClientId: readRequired(source, 'userPoolClientId'),
  };
  for (const field of OPTIONAL_FIELDS) {
    const value = readField(source, field);
    if (value !== undefined) config[field] = value;
  }
  return config;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // A dev server or CDN without the file answers its SPA fallback page with 200.
    throw malformed(text.trimStart().startsWith('<') ? 'the server sent a web page instead' : 'not JSON');
  }
}

/** Fetches and checks the file (no cache: a deployment may replace the pool behind the same SPA). */
export async function fetchAuthConfig(
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): Promise<AuthConfig> {
  let response: Response;
  try {
    response = await fetchImpl(RUNTIME_CONFIG_PATH, {
      headers: { Accept: 'application/json' },
      cache: 'no-cache',
    });
  } catch {
    throw new AuthConfigError(signInFlowErrors.configUnreachable);
  }
  if (!response.ok) throw new AuthConfigError(signInFlowErrors.configMissing(response.status));
  return parseAuthConfig(parseJson(await response.text()));
}

let loading: Promise<AuthConfig> | undefined;

/** The settings, fetched once per page; a failed fetch (offline) is tried again on the next call. */
export function loadAuthConfig(): Promise<AuthConfig> {
  loading ??= fetchAuthConfig();
  loading.catch(() => (loading = undefined));
  return loading;
}

/**
 * Whether /signin can offer the hosted sign-in: the file names a hosted domain, and this page is on
 * the site whose callback addresses the pool accepts (on another host, say a `www.` twin, the hosted
 * page would refuse to send the seller back here).
 */
export function offersHostedSignIn(config: AuthConfig, origin: string): boolean {
  if (!config.hostedUiDomain) return false;
  return !config.siteUrl || new URL(config.siteUrl).origin === origin;
}
