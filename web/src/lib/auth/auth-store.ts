/**
 * The signed-in seller for every screen: `useAuth()` gives the user (from GET /users), the check
 * status, and sign-in/out. The state lives in one module-level store rather than a provider, so the
 * app shell (in every customer page's bundle) carries none of it: only seller pages and the lazily
 * loaded navigation import this module, and Amplify loads when they check, sign in or sign out.
 *
 * The check (account document, section 4): loading, then user or null. A forced check always runs;
 * an unforced one within 2 s of the previous is skipped. A 401 or 404 from GET /users signs out
 * locally and counts as signed out.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { AUTH_RECHECK_THROTTLE_MS } from '#shared/constants';
import type { User } from '#shared/schemas/user';
import { ApiError, type ApiClient } from '../api-client';
import { useServices } from '../services';
import { loadSession } from './session-loader';
import type { SignInOutcome } from './sign-in-outcome';

export type AuthStatus = 'idle' | 'loading' | 'ready';

export interface AuthState {
  status: AuthStatus;
  user: User | null;
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
const listeners = new Set<() => void>();

function setState(next: Partial<AuthState>): void {
  state = { ...state, ...next };
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

async function lookUp(api: ApiClient): Promise<User | null> {
  const session = await loadSession();
  if (!(await session.idToken())) return null;
  try {
    return await api.currentUser();
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 404)) {
      await session.signOut().catch(() => undefined);
      return null;
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
      setState({ status: 'ready', user });
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
export function resetAuthState(next: AuthState = { status: 'idle', user: null }): void {
  lastCheck = next.status === 'ready' ? Date.now() : undefined;
  inFlight = null;
  setState(next);
}

export function useAuth(): Auth {
  const { api } = useServices();
  const current = useSyncExternalStore(subscribe, () => state);
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
