/**
 * Everything that touches aws-amplify. Only ever loaded with `import()` (see auth-context.tsx), so the
 * customer routes' bundles never contain Amplify: seller routes load it when they check the session.
 */
import { Amplify } from 'aws-amplify';
import {
  fetchAuthSession,
  signIn as amplifySignIn,
  signInWithRedirect,
  signOut as amplifySignOut,
  updatePassword,
} from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { signInErrors } from '../../../../shared/errors';
import type { AuthConfig } from './auth-config';
import { encodeSignInState } from './oauth-state';

let config: AuthConfig | undefined;

export function configure(authConfig: AuthConfig): void {
  if (config) return;
  config = authConfig;
  const origin = window.location.origin;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: authConfig.userPoolId,
        userPoolClientId: authConfig.clientId,
        ...(authConfig.endpoint && { userPoolEndpoint: authConfig.endpoint }),
        loginWith: {
          email: true,
          ...(authConfig.hostedUiDomain && {
            oauth: {
              domain: new URL(authConfig.hostedUiDomain).host,
              scopes: ['email', 'openid', 'phone', 'aws.cognito.signin.user.admin'],
              redirectSignIn: [`${origin}/auth-callback`, `${origin}/callback`],
              redirectSignOut: [`${origin}/signout`],
              responseType: 'code' as const,
            },
          }),
        },
      },
    },
  });
}

/** The ID token (refreshed by Amplify when it is about to expire), or null when signed out. */
export async function idToken(forceRefresh = false): Promise<string | null> {
  try {
    const session = await fetchAuthSession({ forceRefresh });
    return session.tokens?.idToken?.toString() ?? null;
  } catch {
    return null;
  }
}

/** Email and password sign-in; throws with a message the screen shows. */
export async function signIn(email: string, password: string): Promise<void> {
  const result = await amplifySignIn({
    username: email.trim(),
    password,
    options: { authFlowType: config?.authFlowType ?? 'USER_SRP_AUTH' },
  });
  if (!result.isSignedIn || result.nextStep.signInStep !== 'DONE') throw new Error(signInErrors.incomplete);
}

/** Global sign-out (every device's refresh tokens revoked); local-only if the service is unreachable. */
export async function signOut(): Promise<void> {
  try {
    await amplifySignOut({ global: true });
  } catch {
    await amplifySignOut();
  }
}

export async function changePassword(oldPassword: string, newPassword: string): Promise<void> {
  await updatePassword({ oldPassword, newPassword });
}

export const hostedSignInAvailable = () => Boolean(config?.hostedUiDomain);

/** Starts the hosted (authorization code + PKCE) sign-in; comes back to /auth-callback. */
export async function startHostedSignIn(returnTo: string): Promise<void> {
  await signInWithRedirect({ customState: encodeSignInState(returnTo) });
}

/**
 * Waits for Amplify to finish the code exchange it starts by itself on the callback page, and gives
 * back the custom state. Amplify's listener is loaded with it.
 */
export async function completeHostedSignIn(): Promise<string | null> {
  await import('aws-amplify/auth/enable-oauth-listener');
  return new Promise((resolve, reject) => {
    let customState: string | null = null;
    const stop = Hub.listen('auth', ({ payload }) => {
      if (payload.event === 'customOAuthState') customState = payload.data;
      if (payload.event === 'signInWithRedirect') {
        stop();
        resolve(customState);
      }
      if (payload.event === 'signInWithRedirect_failure') {
        stop();
        reject(new Error(payload.data?.error?.message ?? signInErrors.signInFailed));
      }
    });
  });
}
