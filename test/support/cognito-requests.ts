/**
 * What a page says to the Cognito user pool, for the sign-in end-to-end tests: every JSON API call
 * the page sends (POST with `x-amz-target: AWSCognitoIdentityProviderService.<Operation>`, as Amplify
 * and the AWS SDKs send them), with the body as sent and the answer as received; and the tokens
 * Amplify keeps in the page's localStorage. The tests judge the protocol from these rather than from
 * what the screens say.
 */
import type { Page, Request } from 'playwright-core';
import { decodeJwt } from 'jose';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

export interface CognitoCall {
  /** e.g. 'InitiateAuth', 'GetTokensFromRefreshToken'. */
  operation: string;
  url: string;
  /** The JSON body as the page sent it. */
  body: Record<string, unknown>;
  /** The answer, waiting for it if need be. */
  answer(): Promise<{ status: number; body: Record<string, unknown> }>;
}

function cognitoCall(request: Request): CognitoCall | undefined {
  const target = request.headers()['x-amz-target'];
  if (request.method() !== 'POST' || !target?.startsWith(TARGET_PREFIX)) return undefined;
  return {
    operation: target.slice(TARGET_PREFIX.length),
    url: request.url(),
    body: JSON.parse(request.postData() ?? '{}') as Record<string, unknown>,
    answer: async () => {
      const response = await request.response();
      if (!response) throw new Error(`${target} got no answer`);
      return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
    },
  };
}

/** Starts recording the page's Cognito calls: the array fills as the page sends them. */
export function recordCognitoCalls(page: Page): CognitoCall[] {
  const calls: CognitoCall[] = [];
  page.on('request', (request) => {
    const call = cognitoCall(request);
    if (call) calls.push(call);
  });
  return calls;
}

/** `InitiateAuth` with this flow, or another operation by name: for filtering recorded calls. */
export const isCall =
  (operation: string, authFlow?: string) =>
  (call: CognitoCall): boolean =>
    call.operation === operation && (authFlow === undefined || call.body.AuthFlow === authFlow);

/** The two ways Amplify (or any SDK) may refresh: GetTokensFromRefreshToken or REFRESH_TOKEN_AUTH. */
export const isRefresh = (call: CognitoCall): boolean =>
  isCall('GetTokensFromRefreshToken')(call) ||
  isCall('InitiateAuth', 'REFRESH_TOKEN_AUTH')(call) ||
  isCall('InitiateAuth', 'REFRESH_TOKEN')(call);

/** The refresh token a refresh call presented, whichever of the two shapes it has. */
export function presentedRefreshToken(call: CognitoCall): unknown {
  if (call.operation === 'GetTokensFromRefreshToken') return call.body.RefreshToken;
  const parameters = call.body.AuthParameters as Record<string, unknown> | undefined;
  return parameters?.REFRESH_TOKEN;
}

export interface StoredTokens {
  username: string;
  idToken: string;
  accessToken: string;
  refreshToken: string;
}

/**
 * The tokens Amplify holds for the app client in this page (its documented storage keys,
 * `CognitoIdentityServiceProvider.<clientId>.<username>.<kind>`), or null when nobody is signed in.
 */
export async function storedTokens(page: Page, clientId: string): Promise<StoredTokens | null> {
  return page.evaluate((prefix) => {
    const username = localStorage.getItem(`${prefix}.LastAuthUser`);
    if (!username) return null;
    const item = (kind: string) => localStorage.getItem(`${prefix}.${username}.${kind}`) ?? '';
    return {
      username,
      idToken: item('idToken'),
      accessToken: item('accessToken'),
      refreshToken: item('refreshToken'),
    };
  }, `CognitoIdentityServiceProvider.${clientId}`);
}

/** Every localStorage key Amplify's Cognito provider wrote in this page. */
export async function storedCognitoKeys(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Object.keys(localStorage).filter((key) => key.startsWith('CognitoIdentityServiceProvider.')),
  );
}

/** A JWT's expiry, in epoch milliseconds (the claims are read, not verified). */
export function expiresAt(token: string): number {
  const { exp } = decodeJwt(token);
  if (typeof exp !== 'number') throw new Error('The token has no exp claim');
  return exp * 1000;
}
