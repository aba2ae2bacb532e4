/**
 * Loads the Amplify session module on first use, configured from the runtime config, and registers it
 * as the API client's token source (id-token.ts), so customer routes, which never load it, never pull
 * Amplify in. The config reader is loaded with it: this module is in the navigation's chunk, which
 * customer pages load too.
 */
import { registerIdTokenSource } from './id-token';
import type * as Session from './session';

export type SessionModule = typeof Session;

let loading: Promise<SessionModule> | undefined;

const loadConfig = () => import('./auth-config').then((module) => module.loadAuthConfig());

export function loadSession(): Promise<SessionModule> {
  loading ??= Promise.all([import('./session'), loadConfig()]).then(([session, config]) => {
    session.configure(config);
    registerIdTokenSource(() => session.idToken());
    return session;
  });
  // A failed load (offline) may be retried later.
  loading.catch(() => (loading = undefined));
  return loading;
}
