/**
 * The signed-in seller for every screen: `useAuth()` gives the user (from GET /users), the check
 * status, and sign-in/out. Amplify is loaded only when a seller screen calls `check`, `signIn` or
 * `signOut` (session-loader.ts); customer routes never do.
 *
 * The check (account document, section 4): loading, then user or null. A forced check always runs;
 * an unforced one within 2 s of the previous is skipped. A 401 or 404 from GET /users signs out
 * locally and counts as signed out.
 */
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { AUTH_RECHECK_THROTTLE_MS } from '../../../../shared/constants';
import type { User } from '../../../../shared/schemas/user';
import { ApiError } from '../api-client';
import { useServices } from '../services';
import { loadSession } from './session-loader';

export type AuthStatus = 'idle' | 'loading' | 'ready';

export interface Auth {
  status: AuthStatus;
  user: User | null;
  check(force?: boolean): Promise<User | null>;
  signIn(email: string, password: string): Promise<void>;
  /** Signs out; the user is cleared even when the service call fails (it is logged). */
  signOut(): Promise<void>;
  setUser(user: User): void;
}

const AuthContext = createContext<Auth | null>(null);

/** Whether a check made at `last` (ms) may be skipped at `now`: unforced and within the throttle. */
export const skipCheck = (force: boolean, last: number | undefined, now: number) =>
  !force && last !== undefined && now - last < AUTH_RECHECK_THROTTLE_MS;

export function AuthProvider({ children }: { children: ReactNode }) {
  const { api } = useServices();
  const [status, setStatus] = useState<AuthStatus>('idle');
  const [user, setUserState] = useState<User | null>(null);
  const lastCheck = useRef<number | undefined>(undefined);
  const current = useRef<User | null>(null);
  const inFlight = useRef<Promise<User | null> | null>(null);

  const setUser = useCallback((next: User | null) => {
    current.current = next;
    setUserState(next);
  }, []);

  const lookUp = useCallback(async (): Promise<User | null> => {
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
  }, [api]);

  const check = useCallback(
    async (force = false): Promise<User | null> => {
      if (skipCheck(force, lastCheck.current, Date.now())) return inFlight.current ?? current.current;
      lastCheck.current = Date.now();
      setStatus((s) => (s === 'idle' ? 'loading' : s));
      const run = lookUp()
        .catch((error: unknown) => {
          console.error('Auth check failed', error);
          return null;
        })
        .then((found) => {
          setUser(found);
          setStatus('ready');
          return found;
        });
      inFlight.current = run;
      return run;
    },
    [lookUp, setUser],
  );

  const signIn = useCallback(
    async (email: string, password: string) => {
      const session = await loadSession();
      await session.signIn(email, password);
      await check(true);
    },
    [check],
  );

  const signOut = useCallback(async () => {
    try {
      await (await loadSession()).signOut();
    } catch (error) {
      console.error('Sign out failed', error);
    }
    setUser(null);
    setStatus('ready');
    lastCheck.current = Date.now();
  }, [setUser]);

  const value = useMemo<Auth>(
    () => ({ status, user, check, signIn, signOut, setUser }),
    [status, user, check, signIn, signOut, setUser],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth needs an <AuthProvider> above it');
  return auth;
}

/** For tests and stories: a fixed auth state. */
export function AuthTestProvider({ auth, children }: { auth: Auth; children: ReactNode }) {
  return <AuthContext value={auth}>{children}</AuthContext>;
}
