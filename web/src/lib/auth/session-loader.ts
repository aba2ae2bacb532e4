/**
 * Loads the Amplify session module on first use, configured, and registers it as the API client's
 * token source (id-token.ts), so customer routes, which never load it, never pull Amplify in.
 */
import { loadAuthConfig } from './auth-config';
import { registerIdTokenSource } from './id-token';
import type * as Session from './session';

export type SessionModule = typeof Session;

let loading: Promise<SessionModule> | undefined;

export function loadSession(): Promise<SessionModule> {
  loading ??= Promise.all([import('./session'), loadAuthConfig()]).then(([session, config]) => {
    session.configure(config);
    registerIdTokenSource(() => session.idToken());
    return session;
  });
  // A failed load (offline) may be retried later.
  loading.catch(() => (loading = undefined));
  return loading;
}
