/**
 * Loads the Amplify session module on first use, configured. The API client's token hook asks
 * `loadedIdToken`, which answers null until a seller route has loaded the session, so customer routes
 * never pull Amplify in.
 */
import { loadAuthConfig } from './auth-config';
import type * as Session from './session';

export type SessionModule = typeof Session;

let loading: Promise<SessionModule> | undefined;

export function loadSession(): Promise<SessionModule> {
  loading ??= Promise.all([import('./session'), loadAuthConfig()]).then(([session, config]) => {
    session.configure(config);
    return session;
  });
  // A failed load (offline) may be retried later.
  loading.catch(() => (loading = undefined));
  return loading;
}

export async function loadedIdToken(): Promise<string | null> {
  if (!loading) return null;
  return (await loading).idToken();
}
