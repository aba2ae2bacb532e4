/**
 * Everything that touches aws-amplify. Only ever loaded with `import()` (session-loader.ts), so the
 * customer routes' bundles never contain Amplify: seller routes load it when they check the session.
 * Sign-in is SRP everywhere; against the local stand-in only the endpoint differs.
 */
import { Amplify, type ResourcesConfig } from 'aws-amplify';
import {
  confirmSignIn,
  fetchAuthSession,
  signIn as amplifySignIn,
  signInWithRedirect,
  signOut as amplifySignOut,
  updatePassword,
  type SignInOutput,
} from 'aws-amplify/auth';
// Completes the hosted sign-in's code exchange as soon as Amplify is configured on /auth-callback.
import 'aws-amplify/auth/enable-oauth-listener';
import { Hub } from 'aws-amplify/utils';
import { signInErrors } from '#shared/texts/errors';
import { signInFlowErrors } from './sign-in-errors';
import type { AuthConfig } from './auth-config';
import { encodeSignInState } from './oauth-state';
import { SignInSessionExpiredError, type SignInOutcome } from './sign-in-outcome';

/** The scopes the app client allows (infra/stacks/auth-stack.ts). */
const OAUTH_SCOPES = ['email', 'openid', 'phone', 'aws.cognito.signin.user.admin'];

/**
 * Amplify's settings for a runtime config, on the page at `origin`. The hosted sign-in's `domain` is
 * a host (with its port, as the local stand-in has one): Amplify prefixes `https://` itself.
 */
export function amplifyAuthConfig(config: AuthConfig, origin: string): ResourcesConfig {
  return {
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint && { userPoolEndpoint: config.userPoolEndpoint }),
        loginWith: {
          email: true,
          ...(config.hostedUiDomain && {
            oauth: {
              domain: new URL(config.hostedUiDomain).host,
              scopes: OAUTH_SCOPES,
              redirectSignIn: [`${origin}/auth-callback`, `${origin}/callback`],
              redirectSignOut: [`${origin}/signout`],
              responseType: 'code' as const,
            },
          }),
        },
      },
    },
  };
}

let configured = false;

/** Configures Amplify once per page (session-loader.ts calls it once the runtime config is in). */
export function configure(authConfig: AuthConfig): void {
  if (configured) return;
  configured = true;
  Amplify.configure(amplifyAuthConfig(authConfig, window.location.origin));
}

/**
 * The hosted sign-in's result (its custom state), listened for from the moment this module loads:
 * Amplify starts the code exchange as soon as it is configured, possibly before the callback page
 * asks for the result.
 */
const hostedSignInResult = new Promise<string | null>((resolve, reject) => {
  let customState: string | null = null;
  Hub.listen('auth', ({ payload }) => {
    if (payload.event === 'customOAuthState') customState = payload.data;
    if (payload.event === 'signInWithRedirect') resolve(customState);
    if (payload.event === 'signInWithRedirect_failure')
      reject(new Error(payload.data?.error?.message ?? signInErrors.signInFailed));
  });
});
// Only the callback page waits for it; a hosted sign-in abandoned with Back elsewhere is no crash.
hostedSignInResult.catch(() => undefined);

/** The ID token (refreshed by Amplify when it is about to expire), or null when signed out. */
export async function idToken(forceRefresh = false): Promise<string | null> {
  try {
    const session = await fetchAuthSession({ forceRefresh });
    return session.tokens?.idToken?.toString() ?? null;
  } catch {
    return null;
  }
}

function outcomeOf(result: SignInOutput): SignInOutcome {
  const step = result.nextStep.signInStep;
  if (result.isSignedIn && step === 'DONE') return 'signedIn';
  if (step === 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED') return 'newPasswordRequired';
  if (step === 'CONFIRM_SIGN_UP') return 'emailNotVerified';
  // MFA and the other steps are not enabled on the pool.
  throw new Error(signInErrors.incomplete);
}

/** Email and password sign-in (SRP: the password never leaves the browser); throws a showable message. */
export async function signIn(email: string, password: string): Promise<SignInOutcome> {
  const result = await amplifySignIn({
    username: email.trim(),
    password,
    options: { authFlowType: 'USER_SRP_AUTH' },
  });
  return outcomeOf(result);
}

/** Cognito's answer to a new password, as the screen should word it. */
function newPasswordError(error: unknown): Error {
  const name = error instanceof Error ? error.name : '';
  if (name === 'InvalidPasswordException') return new Error(signInFlowErrors.newPasswordTooWeak);
  // Cognito refuses a challenge session older than 3 minutes (NotAuthorized); Amplify drops its own
  // copy when the page reloads (SignInException).
  if (name === 'NotAuthorizedException' || name === 'SignInException') return new SignInSessionExpiredError();
  return error instanceof Error && error.message ? error : new Error(signInErrors.unexpected);
}

/** Answers the new-password challenge of `signIn`, which then completes like a normal sign-in. */
export async function confirmNewPassword(newPassword: string): Promise<void> {
  let result: SignInOutput;
  try {
    result = await confirmSignIn({ challengeResponse: newPassword });
  } catch (error) {
    throw newPasswordError(error);
  }
  if (outcomeOf(result) !== 'signedIn') throw new Error(signInErrors.incomplete);
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

/** Starts the hosted (authorization code + PKCE) sign-in; it comes back to /auth-callback. */
export async function startHostedSignIn(returnTo: string): Promise<void> {
  await signInWithRedirect({ customState: encodeSignInState(returnTo) });
}

/** Waits for Amplify to finish the hosted sign-in on the callback page; gives back its custom state. */
export function completeHostedSignIn(): Promise<string | null> {
  return hostedSignInResult;
}
