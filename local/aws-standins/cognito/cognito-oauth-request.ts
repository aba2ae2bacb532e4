/**
 * The parameters of `/oauth2/authorize` and `/login` (the hosted sign-in page takes the same ones),
 * checked as Cognito checks them:
 *
 * - an unknown `client_id`, or a `redirect_uri` that is not exactly one of the client's callback
 *   URLs, is shown on an error page: never a redirect to an address the client did not register;
 * - with those right, other faults go back to the redirect URI as `error` and `error_description`
 *   (with the `state`): `unsupported_response_type`, `unauthorized_client` (flow not allowed),
 *   `invalid_scope` (a scope the client may not ask for), `invalid_request` (PKCE other than S256,
 *   an identity provider other than COGNITO).
 *
 * Without `scope`, the client's allowed scopes are granted. PKCE is optional, as in Cognito.
 */
import type { AppClient } from 'cognito-local/lib/services/appClient.js';
import type { Context } from 'cognito-local/lib/services/context.js';
import type { UserPoolService } from 'cognito-local/lib/services/index.js';
import type { CognitoCore } from './cognito-sign-in';

export interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state?: string;
  codeChallenge?: string;
  nonce?: string;
  /** `login` asks again though a session exists; `none` must not show the page. */
  prompt?: string;
  /** `login_hint`: the user name to fill in. */
  loginHint?: string;
}

export type AuthorizeCheck =
  | { ok: true; request: AuthorizeRequest; client: AppClient; pool: UserPoolService }
  | { ok: false; errorPage: string }
  | { ok: false; redirect: string };

/** The scopes that only make sense with `openid` (Cognito requires it beside them). */
const NEED_OPENID = ['email', 'phone', 'profile'];

/** `redirect_uri` with the OAuth error parameters added (and the state, as RFC 6749 asks). */
export function errorRedirect(
  redirectUri: string,
  error: string,
  description: string,
  state?: string,
): string {
  const url = new URL(redirectUri);
  url.searchParams.set('error_description', description);
  url.searchParams.set('error', error);
  if (state) url.searchParams.set('state', state);
  return url.toString();
}

function faultOf(params: URLSearchParams, client: AppClient, scopes: string[]): [string, string] | undefined {
  const responseType = params.get('response_type');
  if (!responseType) return ['invalid_request', 'response_type is required'];
  if (responseType !== 'code' && responseType !== 'token')
    return ['unsupported_response_type', `response_type ${responseType} is not supported`];
  if (!client.AllowedOAuthFlowsUserPoolClient || !client.AllowedOAuthFlows?.includes(responseType as 'code'))
    return ['unauthorized_client', `The client is not allowed the ${responseType} flow`];
  // The stand-in serves the authorization code grant only; the implicit grant is not built.
  if (responseType !== 'code')
    return ['unsupported_response_type', 'Only response_type code is served locally'];
  const challenge = params.get('code_challenge');
  const method = params.get('code_challenge_method');
  if (challenge && !method)
    return ['invalid_request', 'code_challenge_method is required with code_challenge'];
  if (method && method !== 'S256') return ['invalid_request', 'code_challenge_method must be S256'];
  if (method && !challenge)
    return ['invalid_request', 'code_challenge is required with code_challenge_method'];
  const provider = params.get('identity_provider');
  if ((provider && provider !== 'COGNITO') || !client.SupportedIdentityProviders?.includes('COGNITO'))
    return ['invalid_request', 'The identity provider is not enabled for this client'];
  const allowed = client.AllowedOAuthScopes ?? [];
  if (scopes.some((scope) => !allowed.includes(scope))) return ['invalid_scope', 'invalid_scope'];
  if (scopes.some((scope) => NEED_OPENID.includes(scope)) && !scopes.includes('openid'))
    return ['invalid_scope', 'invalid_scope'];
  return undefined;
}

const optional = (params: URLSearchParams, name: string) => params.get(name) || undefined;

/** The authorize request if its parameters hold, else where to say what is wrong. */
export async function checkAuthorizeRequest(
  { services }: CognitoCore,
  ctx: Context,
  params: URLSearchParams,
): Promise<AuthorizeCheck> {
  const clientId = params.get('client_id') ?? '';
  const client = clientId ? await services.cognito.getAppClient(ctx, clientId) : null;
  if (!client) return { ok: false, errorPage: 'Client does not exist' };
  const redirectUri = params.get('redirect_uri') ?? '';
  if (!client.CallbackURLs?.includes(redirectUri)) return { ok: false, errorPage: 'redirect_mismatch' };
  const scopeParam = params.get('scope');
  const scopes = scopeParam
    ? scopeParam.split(/\s+/).filter(Boolean)
    : [...(client.AllowedOAuthScopes ?? [])];
  const state = optional(params, 'state');
  const fault = faultOf(params, client, scopes);
  if (fault) return { ok: false, redirect: errorRedirect(redirectUri, fault[0], fault[1], state) };
  const request: AuthorizeRequest = { clientId, redirectUri, scopes };
  for (const [key, name] of [
    ['state', 'state'],
    ['codeChallenge', 'code_challenge'],
    ['nonce', 'nonce'],
    ['prompt', 'prompt'],
    ['loginHint', 'login_hint'],
  ] as const) {
    const value = optional(params, name);
    if (value) request[key] = value;
  }
  return { ok: true, request, client, pool: await services.cognito.getUserPool(ctx, client.UserPoolId) };
}
