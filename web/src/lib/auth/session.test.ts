import {
  confirmSignIn,
  signIn as amplifySignIn,
  signInWithRedirect,
  type SignInOutput,
} from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signInErrors } from '#shared/texts/errors';
import { signInFlowErrors } from './sign-in-errors';
import type { AuthConfig } from './auth-config';
import { returnPathFromState } from './oauth-state';
import {
  amplifyAuthConfig,
  completeHostedSignIn,
  confirmNewPassword,
  signIn,
  startHostedSignIn,
} from './session';
import { SignInSessionExpiredError } from './sign-in-outcome';

vi.mock('aws-amplify', () => ({ Amplify: { configure: vi.fn() } }));
vi.mock('aws-amplify/auth', () => ({
  confirmSignIn: vi.fn(),
  fetchAuthSession: vi.fn(),
  signIn: vi.fn(),
  signInWithRedirect: vi.fn(),
  signOut: vi.fn(),
  updatePassword: vi.fn(),
}));
vi.mock('aws-amplify/auth/enable-oauth-listener', () => ({}));
vi.mock('aws-amplify/utils', () => ({ Hub: { listen: vi.fn() } }));

const DEPLOYED: AuthConfig = {
  region: 'eu-west-2',
  userPoolId: 'eu-west-2_AbC123xyz',
  userPoolClientId: '4ab5cd6ef7gh8ij9kl0mn1op2q',
  hostedUiDomain: 'https://shutterlane-prod.auth.eu-west-2.amazoncognito.com',
  siteUrl: 'https://shutterlane.com',
};
const LOCAL: AuthConfig = {
  ...DEPLOYED,
  hostedUiDomain: 'https://localhost:9443',
  userPoolEndpoint: 'http://localhost:9229',
};

const step = (signInStep: string, isSignedIn = false) =>
  ({ isSignedIn, nextStep: { signInStep } }) as SignInOutput;

/** Amplify's errors carry the Cognito exception's name. */
const cognitoError = (name: string, message: string) => Object.assign(new Error(message), { name });

beforeEach(() => {
  vi.mocked(amplifySignIn).mockReset();
  vi.mocked(confirmSignIn).mockReset();
  vi.mocked(signInWithRedirect).mockReset();
});

describe("Amplify's configuration", () => {
  it('is the pool and hosted domain of a deployment, with no endpoint of its own', () => {
    const cognito = amplifyAuthConfig(DEPLOYED, 'https://shutterlane.com').Auth?.Cognito;
    expect(cognito).toMatchObject({
      userPoolId: DEPLOYED.userPoolId,
      userPoolClientId: DEPLOYED.userPoolClientId,
    });
    expect(cognito).not.toHaveProperty('userPoolEndpoint');
    expect(cognito?.loginWith?.oauth).toEqual({
      domain: 'shutterlane-prod.auth.eu-west-2.amazoncognito.com',
      scopes: ['email', 'openid', 'phone', 'aws.cognito.signin.user.admin'],
      redirectSignIn: ['https://shutterlane.com/auth-callback', 'https://shutterlane.com/callback'],
      redirectSignOut: ['https://shutterlane.com/signout'],
      responseType: 'code',
    });
  });

  it('differs locally only by the stand-in endpoint; the hosted domain keeps its port', () => {
    const local = amplifyAuthConfig(LOCAL, 'http://localhost:5173').Auth?.Cognito;
    expect(local?.userPoolEndpoint).toBe('http://localhost:9229');
    expect(local?.loginWith?.oauth?.domain).toBe('localhost:9443');
    expect(local?.loginWith?.oauth?.redirectSignIn).toEqual([
      'http://localhost:5173/auth-callback',
      'http://localhost:5173/callback',
    ]);
  });

  it('has no hosted sign-in without a hosted domain', () => {
    const { hostedUiDomain: _hosted, ...poolOnly } = DEPLOYED;
    const cognito = amplifyAuthConfig(poolOnly, 'https://shutterlane.com').Auth?.Cognito;
    expect(cognito?.loginWith).toEqual({ email: true });
  });
});

describe('password sign-in', () => {
  it('uses SRP, with the trimmed email address', async () => {
    vi.mocked(amplifySignIn).mockResolvedValue(step('DONE', true));
    await expect(signIn(' ada@example.com ', 'pw-123456')).resolves.toBe('signedIn');
    expect(amplifySignIn).toHaveBeenCalledWith({
      username: 'ada@example.com',
      password: 'pw-123456',
      options: { authFlowType: 'USER_SRP_AUTH' },
    });
  });

  it("reports Cognito's new-password challenge and an unverified address instead of failing", async () => {
    vi.mocked(amplifySignIn).mockResolvedValueOnce(step('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED'));
    await expect(signIn('ada@example.com', 'temporary')).resolves.toBe('newPasswordRequired');
    vi.mocked(amplifySignIn).mockResolvedValueOnce(step('CONFIRM_SIGN_UP'));
    await expect(signIn('ada@example.com', 'pw-123456')).resolves.toBe('emailNotVerified');
  });

  it('refuses a step the pool does not use with the spec’s text', async () => {
    vi.mocked(amplifySignIn).mockResolvedValue(step('CONFIRM_SIGN_IN_WITH_TOTP_CODE'));
    await expect(signIn('ada@example.com', 'pw-123456')).rejects.toThrow(signInErrors.incomplete);
  });
});

describe('the new-password challenge', () => {
  it('answers it with the new password and completes the sign-in', async () => {
    vi.mocked(confirmSignIn).mockResolvedValue(step('DONE', true));
    await expect(confirmNewPassword('my-own-password')).resolves.toBeUndefined();
    expect(confirmSignIn).toHaveBeenCalledWith({ challengeResponse: 'my-own-password' });
  });

  it('says a refused password is too weak', async () => {
    vi.mocked(confirmSignIn).mockRejectedValue(
      cognitoError('InvalidPasswordException', 'Password does not conform to policy'),
    );
    await expect(confirmNewPassword('password')).rejects.toThrow(signInFlowErrors.newPasswordTooWeak);
  });

  it('says the session expired, from Cognito or from a reloaded page', async () => {
    vi.mocked(confirmSignIn).mockRejectedValueOnce(
      cognitoError('NotAuthorizedException', 'Invalid session for the user, session is expired.'),
    );
    const expired = confirmNewPassword('my-own-password');
    await expect(expired).rejects.toBeInstanceOf(SignInSessionExpiredError);
    await expect(expired).rejects.toThrow(signInFlowErrors.sessionExpired);
    vi.mocked(confirmSignIn).mockRejectedValueOnce(cognitoError('SignInException', 'signIn was not called'));
    await expect(confirmNewPassword('my-own-password')).rejects.toBeInstanceOf(SignInSessionExpiredError);
  });

  it('passes on any other failure with its message', async () => {
    vi.mocked(confirmSignIn).mockRejectedValue(cognitoError('TooManyRequestsException', 'Rate exceeded'));
    await expect(confirmNewPassword('my-own-password')).rejects.toThrow('Rate exceeded');
  });
});

describe('hosted sign-in', () => {
  it('starts the redirect with the return path in the hex-encoded custom state', async () => {
    vi.mocked(signInWithRedirect).mockResolvedValue(undefined);
    await startHostedSignIn('/galleries/g-1');
    const customState = vi.mocked(signInWithRedirect).mock.calls[0]?.[0]?.customState;
    expect(customState).toMatch(/^[0-9a-f]+$/);
    expect(returnPathFromState(customState)).toBe('/galleries/g-1');
  });

  it('gives the callback the custom state Amplify reported, even if it finished first', async () => {
    // The module listened as it loaded, before any page asked.
    const listener = vi.mocked(Hub.listen).mock.calls.find(([channel]) => channel === 'auth')?.[1];
    expect(listener).toBeTypeOf('function');
    const dispatch = (payload: object) => (listener as (capsule: { payload: object }) => void)({ payload });
    dispatch({ event: 'customOAuthState', data: 'abcd' });
    dispatch({ event: 'signInWithRedirect' });
    await expect(completeHostedSignIn()).resolves.toBe('abcd');
  });
});
