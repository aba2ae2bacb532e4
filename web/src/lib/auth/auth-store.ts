/**
 * The signed-in seller for every screen: `useAuth()` gives the user (from GET /users), the check
 * status, and sign-in/out. The state lives in one module-level store rather than a provider, so the
 * app shell (in every customer page's bundle) carries none of it: only seller pages and the lazily
 * loaded navigation import this module, and Amplify loads when they check, sign in or sign out.
 *
 * The check (account document, section 4): loading, then user or null. A forced check always runs;
 * an unforced one within 2 s of the previous is skipped. A 401 or 404 from GET /users signs out
 * locally and counts as signed out.
 *
 * Offline (the seller app opens offline with its upload queue), a check that gets no answer
 * (status 0, or the device reports no network) keeps the seller signed in with what the device has: the
 * user last read for the ID token's subject (kept-user.ts), or, when Amplify cannot hand out a token
 * because it could not refresh an expired one offline, the last user while Amplify still holds a
 * session. The check runs again when the network returns, and a 401 or an unrefreshable token then
 * signs out as before. A device with nothing kept stays signed out, online or not.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { AUTH_RECHECK_THROTTLE_MS } from '#shared/rules/constants';
import type { User } from '#shared/schemas/user';
import { teamErrors } from '#shared/texts/team-errors';
import { ApiError, isNetworkFailure, type ApiClient } from '../api-client';
import { browserNetwork, type NetworkWatch } from '../network-watch';
import { useServices } from '../services';
import { forgetUser, keepUser, keptUser, tokenSubject } from './kept-user';
import { hasStoredSession } from './session-hint';
import { loadSession } from './session-loader';
import type { SignInOutcome } from './sign-in-outcome';

export type AuthStatus = 'idle' | 'loading' | 'ready';

export interface AuthState {
  status: AuthStatus;
  user: User | null;
  /** Why the service ended the session, when it said (a removed team member): the sign-in page shows it. */
  endedBecause?: string;
}

export interface Auth extends AuthState {
  check(force?: boolean): Promise<User | null>;
  /** Signs in; when Cognito asks for more first, says what (the user is loaded only when signed in). */
  signIn(email: string, password: string): Promise<SignInOutcome>;
  /** Completes a sign-in that answered `newPasswordRequired`. */
  confirmNewPassword(newPassword: string): Promise<void>;
  /** Signs out; the user is cleared even when the service call fails (it is logged). */
  signOut(): Promise<void>;
  setUser(user: User): void;
}

/** Whether a check made at `last` (ms) may be skipped at `now`: unforced and within the throttle. */
export const skipCheck = (force: boolean, last: number | undefined, now: number) =>
  !force && last !== undefined && now - last < AUTH_RECHECK_THROTTLE_MS;

let state: AuthState = { status: 'idle', user: null };
let lastCheck: number | undefined;
let inFlight: Promise<User | null> | null = null;
/** Set by a check that the service refused with a reason the seller should read. */
let refusedBecause: string | undefined;
const listeners = new Set<() => void>();

function setState(next: Partial<AuthState>): void {
  state = { ...state, ...next };
  listeners.forEach((listener) => listener());
}

/** The store's state now (what `useAuth` renders from). */
export const authSnapshot = (): AuthState => state;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

let network: NetworkWatch = browserNetwork;
/** Set while the signed-in user comes from the device: the API to check with when the network returns. */
let recheckWith: ApiClient | null = null;
let stopWatching: (() => void) | null = null;

/** Checks again, forced, the next time the device reports a network. */
function recheckWhenOnline(api: ApiClient): void {
  recheckWith = api;
  stopWatching ??= network.subscribe((online) => {
    if (!online || !recheckWith) return;
    const again = recheckWith;
    recheckWith = null;
    void checkSession(again, true);
  });
}

/** The user kept on the device for `subject` (the last one when null), checked again once online. */
function offlineUser(api: ApiClient, subject: string | null): User | null {
  const user = keptUser(subject);
  if (user) recheckWhenOnline(api);
  return user;
}

async function lookUp(api: ApiClient): Promise<User | null> {
  let session: Awaited<ReturnType<typeof loadSession>>;
  try {
    session = await loadSession();
  } catch (error) {
    // The sign-in settings could not be fetched: offline, the session Amplify keeps still counts.
    if (!network.isOnline() && hasStoredSession()) return offlineUser(api, null);
    throw error;
  }
  const token = await session.idToken();
  if (!token) {
    // Offline, Amplify cannot refresh an expired token: keep the seller in until the network says.
    if (!network.isOnline() && hasStoredSession()) return offlineUser(api, null);
    forgetUser();
    return null;
  }
  try {
    const user = await api.currentUser();
    keepUser(user);
    recheckWith = null;
    return user;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 404)) {
      if (error.message === teamErrors.memberRemoved) refusedBecause = error.message;
      forgetUser();
      await session.signOut().catch(() => undefined);
      return null;
    }
    if (isNetworkFailure(error) || !network.isOnline()) {
      const user = offlineUser(api, tokenSubject(token));
      if (user) return user;
    }
    throw error;
  }
}

export async function checkSession(api: ApiClient, force = false): Promise<User | null> {
  if (skipCheck(force, lastCheck, Date.now())) return inFlight ?? state.user;
  lastCheck = Date.now();
  if (state.status === 'idle') setState({ status: 'loading' });
  const run = lookUp(api)
    .catch((error: unknown) => {
      console.error('Auth check failed', error);
      return null;
    })
    .then((user) => {
      setState({ status: 'ready', user, endedBecause: user ? undefined : refusedBecause });
      refusedBecause = undefined;
      return user;
    });
  inFlight = run;
  return run;
}

export async function signIn(api: ApiClient, email: string, password: string): Promise<SignInOutcome> {
  const outcome = await (await loadSession()).signIn(email, password);
  if (outcome === 'signedIn') await checkSession(api, true);
  return outcome;
}

export async function confirmNewPassword(api: ApiClient, newPassword: string): Promise<void> {
  await (await loadSession()).confirmNewPassword(newPassword);
  await checkSession(api, true);
}

export async function signOut(): Promise<void> {
  forgetUser();
  recheckWith = null;
  try {
    await (await loadSession()).signOut();
  } catch (error) {
    console.error('Sign out failed', error);
  }
  lastCheck = Date.now();
  inFlight = null;
  setState({ status: 'ready', user: null });
}

/** Tests: put the store in a known state. */
export function resetAuthState(
  next: AuthState = { status: 'idle', user: null },
  watch: NetworkWatch = browserNetwork,
): void {
  stopWatching?.();
  stopWatching = null;
  recheckWith = null;
  network = watch;
  lastCheck = next.status === 'ready' ? Date.now() : undefined;
  inFlight = null;
  setState(next);
}

export function useAuth(): Auth {
  const { api } = useServices();
  const current = useSyncExternalStore(subscribe, authSnapshot);
  return useMemo(
    () => ({
      ...current,
      check: (force?: boolean) => checkSession(api, force),
      signIn: (email: string, password: string) => signIn(api, email, password),
      confirmNewPassword: (newPassword: string) => confirmNewPassword(api, newPassword),
      signOut,
      setUser: (user: User) => setState({ user }),
    }),
    [current, api],
  );
}
