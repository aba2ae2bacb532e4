/**
 * The hosted sign-in's browser side: `/oauth2/authorize`, the `/login` page, its new-password page
 * and `/logout`, as Cognito's classic hosted UI behaves:
 *
 * - authorize redirects to `/login` with the same parameters, or, while the browser holds a hosted
 *   session (cookie `cognito`, one hour) for the pool, straight back with a code (`prompt=login`
 *   asks again; `prompt=none` answers `login_required` instead of showing the page);
 * - the page checks email and password against the same users as the JSON API and re-shows itself
 *   with Cognito's message when they are wrong or the account cannot sign in; a user with a
 *   temporary password chooses a new one first; success redirects to `redirect_uri?code=&state=`;
 * - its forms carry a CSRF token matching the `XSRF-TOKEN` cookie;
 * - logout ends the hosted session and redirects to `logout_uri`, which must be one of the client's
 *   sign-out URLs.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CognitoError } from 'cognito-local/lib/errors.js';
import type { Context } from 'cognito-local/lib/services/context.js';
import type { UserPoolService } from 'cognito-local/lib/services/index.js';
import type { User } from 'cognito-local/lib/services/userPoolService.js';
import { ExpiringMap } from './cognito-expiring';
import { cookie, cookiesOf, formBody, redirect, sendHtml } from './cognito-oauth-http';
import { errorPage, loginPage, newPasswordPage } from './cognito-oauth-pages';
import { checkAuthorizeRequest, errorRedirect, type AuthorizeRequest } from './cognito-oauth-request';
import { CODE_LIFETIME_MS, type AuthorizationCode } from './cognito-oauth-token';
import { assertPasswordConforms } from './cognito-password-policy';
import { CHALLENGE_SESSION_MS, verifyPassword, type CognitoCore } from './cognito-sign-in';

/** A browser signed in to the hosted pages. */
interface HostedSession {
  poolId: string;
  username: string;
  /** Epoch seconds of the sign-in, the auth_time of tokens issued from this session. */
  authTime: number;
}

interface PendingNewPassword {
  poolId: string;
  username: string;
}

const SESSION_COOKIE = 'cognito';
const CSRF_COOKIE = 'XSRF-TOKEN';
const SESSION_SECONDS = 3600;

export interface HostedState {
  codes: ExpiringMap<AuthorizationCode>;
  sessions: ExpiringMap<HostedSession>;
  newPasswords: ExpiringMap<PendingNewPassword>;
}

export const newHostedState = (): HostedState => ({
  codes: new ExpiringMap<AuthorizationCode>(CODE_LIFETIME_MS, randomUUID),
  sessions: new ExpiringMap<HostedSession>(SESSION_SECONDS * 1000, () =>
    randomBytes(32).toString('base64url'),
  ),
  newPasswords: new ExpiringMap<PendingNewPassword>(CHALLENGE_SESSION_MS),
});

const usernameLabel = (pool: UserPoolService) =>
  pool.options.UsernameAttributes?.includes('email') ? 'Email' : 'Username';

export function hostedPages(core: CognitoCore, ctx: Context, state: HostedState) {
  /** Ends the sign-in: a hosted session for the browser and a code for the app. */
  const issueCode = (
    res: ServerResponse,
    request: AuthorizeRequest,
    user: User,
    authTime: number,
    cookies: string[],
  ) => {
    const grant = { ...core.tokens.newGrant(request.scopes.join(' '), true, request.nonce), authTime };
    const code = state.codes.add({
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      username: user.Username,
      grant,
      ...(request.codeChallenge && { codeChallenge: request.codeChallenge }),
    });
    const target = new URL(request.redirectUri);
    target.searchParams.set('code', code);
    if (request.state) target.searchParams.set('state', request.state);
    redirect(res, target.toString(), cookies);
  };

  const signedIn = (res: ServerResponse, request: AuthorizeRequest, pool: UserPoolService, user: User) => {
    const authTime = Math.floor(core.services.clock.get().getTime() / 1000);
    const session = state.sessions.add({ poolId: pool.options.Id, username: user.Username, authTime });
    issueCode(res, request, user, authTime, [cookie(SESSION_COOKIE, session, SESSION_SECONDS)]);
  };

  /** The checked authorize parameters, or the answer already sent for bad ones. */
  const checked = async (req: IncomingMessage, res: ServerResponse) => {
    const params = new URL(req.url ?? '/', 'https://localhost').searchParams;
    const check = await checkAuthorizeRequest(core, ctx, params);
    if (check.ok) return { ...check, query: params.toString() };
    if ('redirect' in check) redirect(res, check.redirect);
    else sendHtml(res, 400, errorPage(check.errorPage));
    return undefined;
  };

  const showLogin = (
    res: ServerResponse,
    query: string,
    pool: UserPoolService,
    extra: { error?: string; username?: string },
  ) => {
    const csrf = randomBytes(24).toString('base64url');
    const html = loginPage({ action: `/login?${query}`, csrf, usernameLabel: usernameLabel(pool), ...extra });
    sendHtml(res, 200, html, [cookie(CSRF_COOKIE, csrf)]);
  };

  const showNewPassword = (res: ServerResponse, query: string, session: string, error?: string) => {
    const csrf = randomBytes(24).toString('base64url');
    const html = newPasswordPage({
      action: `/forceChangePassword?${query}`,
      csrf,
      session,
      ...(error && { error }),
    });
    sendHtml(res, 200, html, [cookie(CSRF_COOKIE, csrf)]);
  };

  /** The user of the browser's hosted session in this pool, if it is still one who may sign in. */
  const sessionUser = async (req: IncomingMessage, pool: UserPoolService) => {
    const lookup = state.sessions.get(cookiesOf(req).get(SESSION_COOKIE) ?? '');
    if (!lookup.found || lookup.value.poolId !== pool.options.Id) return undefined;
    const user = await pool.getUserByUsername(ctx, lookup.value.username);
    if (!user || user.Enabled === false || user.UserStatus !== 'CONFIRMED') return undefined;
    return { user, authTime: lookup.value.authTime };
  };

  /** GET /oauth2/authorize */
  const authorize = async (req: IncomingMessage, res: ServerResponse) => {
    const found = await checked(req, res);
    if (!found) return;
    const { request, pool, query } = found;
    const session = request.prompt === 'login' ? undefined : await sessionUser(req, pool);
    if (session) return issueCode(res, request, session.user, session.authTime, []);
    if (request.prompt === 'none')
      return redirect(
        res,
        errorRedirect(request.redirectUri, 'login_required', 'login_required', request.state),
      );
    redirect(res, `/login?${query}`);
  };

  /** GET /login */
  const loginForm = async (req: IncomingMessage, res: ServerResponse) => {
    const found = await checked(req, res);
    if (found) showLogin(res, found.query, found.pool, { username: found.request.loginHint ?? '' });
  };

  /** The form, if its CSRF token matches the cookie; otherwise the refusal is sent. */
  const postedForm = async (req: IncomingMessage, res: ServerResponse) => {
    const form = await formBody(req);
    const csrf = cookiesOf(req).get(CSRF_COOKIE);
    if (form && csrf && form.get('_csrf') === csrf) return form;
    sendHtml(res, 403, errorPage('The form has expired. Go back and try again.'));
    return undefined;
  };

  /** POST /login */
  const login = async (req: IncomingMessage, res: ServerResponse) => {
    const found = await checked(req, res);
    const form = found && (await postedForm(req, res));
    if (!found || !form) return;
    const { request, client, pool, query } = found;
    const username = form.get('username')?.trim() ?? '';
    try {
      const { user, next } = await verifyPassword(
        core,
        ctx,
        { client, pool },
        username,
        form.get('password') ?? '',
      );
      if (next === 'signed-in') return signedIn(res, request, pool, user);
      const session = state.newPasswords.add({ poolId: pool.options.Id, username: user.Username });
      showNewPassword(res, query, session);
    } catch (error) {
      if (!(error instanceof CognitoError)) throw error;
      showLogin(res, query, pool, { error: error.message, username });
    }
  };

  /** POST /forceChangePassword: the new password of a user who signed in with a temporary one. */
  const forceChangePassword = async (req: IncomingMessage, res: ServerResponse) => {
    const found = await checked(req, res);
    const form = found && (await postedForm(req, res));
    if (!found || !form) return;
    const { request, pool, query } = found;
    const session = form.get('session') ?? '';
    const pending = state.newPasswords.get(session);
    if (!pending.found || pending.value.poolId !== pool.options.Id)
      return showLogin(res, query, pool, { error: 'Invalid session for the user, session is expired.' });
    const password = form.get('new_password') ?? '';
    const again = (error: string) => showNewPassword(res, query, session, error);
    if (password !== form.get('confirm_password')) return again('Passwords do not match.');
    try {
      assertPasswordConforms(pool.options.Policies?.PasswordPolicy, password, 'RespondToAuthChallenge');
    } catch (error) {
      if (error instanceof CognitoError) return again(error.message);
      throw error;
    }
    const user = await pool.getUserByUsername(ctx, pending.value.username);
    if (!user) return showLogin(res, query, pool, { error: 'User does not exist.' });
    state.newPasswords.delete(session);
    const updated = {
      ...user,
      Password: password,
      UserStatus: 'CONFIRMED',
      UserLastModifiedDate: core.services.clock.get(),
    };
    await pool.saveUser(ctx, updated);
    signedIn(res, request, pool, updated);
  };

  /** GET /logout?client_id=&logout_uri= */
  const logout = async (req: IncomingMessage, res: ServerResponse) => {
    const params = new URL(req.url ?? '/', 'https://localhost').searchParams;
    const clientId = params.get('client_id') ?? '';
    const client = clientId ? await core.services.cognito.getAppClient(ctx, clientId) : null;
    if (!client) return sendHtml(res, 400, errorPage('Client does not exist'));
    const logoutUri = params.get('logout_uri') ?? '';
    if (!client.LogoutURLs?.includes(logoutUri)) return sendHtml(res, 400, errorPage('redirect_mismatch'));
    const session = cookiesOf(req).get(SESSION_COOKIE);
    if (session) state.sessions.delete(session);
    redirect(res, logoutUri, [cookie(SESSION_COOKIE, '', 0)]);
  };

  return { authorize, loginForm, login, forceChangePassword, logout };
}
