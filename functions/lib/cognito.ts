/**
 * The Cognito adapter: one user-pool client for the process, pointed at the local stand-in by
 * COGNITO_ENDPOINT, and the calls the functions make, named for what they do. Services call `userPool`
 * (or take a `UserPool` of their own in unit tests), never the SDK. Public calls (SignUp,
 * ForgotPassword, ...) need no IAM; the Admin* calls use the function's role. Cognito's errors are
 * thrown as they come: callers tell them apart by name (functions/users/cognito-errors.ts).
 */
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminGetUserCommand,
  AdminInitiateAuthCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { awsEnv, cognitoEnv } from './env';

let client: CognitoIdentityProviderClient | undefined;

export function cognito(): CognitoIdentityProviderClient {
  if (!client) {
    const { AWS_REGION } = awsEnv();
    const { COGNITO_ENDPOINT } = cognitoEnv();
    client = new CognitoIdentityProviderClient({
      region: AWS_REGION,
      ...(COGNITO_ENDPOINT && { endpoint: COGNITO_ENDPOINT }),
    });
  }
  return client;
}

/** The pool and app client every call names. */
export const poolIds = () => {
  const { COGNITO_USER_POOL_ID, COGNITO_CLIENT_ID } = cognitoEnv();
  return { UserPoolId: COGNITO_USER_POOL_ID, ClientId: COGNITO_CLIENT_ID };
};

/** A user's attributes by name (AdminGetUser answers them as a Name/Value list). */
export type UserAttributes = Partial<Record<string, string>>;

export interface NewAccount {
  email: string;
  password: string;
  name: string;
  /** Passed to the pre-sign-up trigger (functions/auth-triggers). */
  clientMetadata: Record<string, string>;
}

/** What the functions ask of the user pool. */
export interface UserPool {
  /** Creates an unconfirmed account; answers its `sub`. */
  signUp(account: NewAccount): Promise<string>;
  /** Mails a password-reset code (to a known address). */
  forgotPassword(email: string): Promise<void>;
  confirmForgotPassword(email: string, code: string, newPassword: string): Promise<void>;
  confirmSignUp(email: string, code: string): Promise<void>;
  /** Mails a new verification code (to a known, unverified address). */
  resendConfirmationCode(email: string): Promise<void>;
  /** Server-side sign-in with a password: the challenge Cognito asks for next, if any. */
  adminSignInChallenge(email: string, password: string): Promise<string | undefined>;
  /** Sets a permanent password. */
  adminSetPassword(email: string, password: string): Promise<void>;
  /** Marks the address verified. */
  adminVerifyEmail(email: string): Promise<void>;
  adminGetUserAttributes(email: string): Promise<UserAttributes>;
  /**
   * Creates an account that Cognito mails a setup link to (the custom-message trigger words it, with
   * `clientMetadata`); answers its `sub`.
   */
  adminCreateUser(account: {
    email: string;
    name: string;
    clientMetadata: Record<string, string>;
  }): Promise<string>;
  /** Ends every session: the user's refresh tokens mint nothing more. */
  adminSignOutEverywhere(email: string): Promise<void>;
  /** The user can no longer sign in. */
  adminDisableUser(email: string): Promise<void>;
  adminDeleteUser(email: string): Promise<void>;
}

export const userPool: UserPool = {
  async signUp(account) {
    const output = await cognito().send(
      new SignUpCommand({
        ClientId: poolIds().ClientId,
        Username: account.email,
        Password: account.password,
        UserAttributes: [
          { Name: 'email', Value: account.email },
          { Name: 'name', Value: account.name },
        ],
        ClientMetadata: account.clientMetadata,
      }),
    );
    if (!output.UserSub) throw new Error('Cognito SignUp answered without a user sub');
    return output.UserSub;
  },
  async forgotPassword(email) {
    await cognito().send(new ForgotPasswordCommand({ ClientId: poolIds().ClientId, Username: email }));
  },
  async confirmForgotPassword(email, code, newPassword) {
    await cognito().send(
      new ConfirmForgotPasswordCommand({
        ClientId: poolIds().ClientId,
        Username: email,
        ConfirmationCode: code,
        Password: newPassword,
      }),
    );
  },
  async confirmSignUp(email, code) {
    await cognito().send(
      new ConfirmSignUpCommand({ ClientId: poolIds().ClientId, Username: email, ConfirmationCode: code }),
    );
  },
  async resendConfirmationCode(email) {
    await cognito().send(
      new ResendConfirmationCodeCommand({ ClientId: poolIds().ClientId, Username: email }),
    );
  },
  async adminSignInChallenge(email, password) {
    const output = await cognito().send(
      new AdminInitiateAuthCommand({
        ...poolIds(),
        AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    return output.ChallengeName;
  },
  async adminSetPassword(email, password) {
    await cognito().send(
      new AdminSetUserPasswordCommand({
        UserPoolId: poolIds().UserPoolId,
        Username: email,
        Password: password,
        Permanent: true,
      }),
    );
  },
  async adminVerifyEmail(email) {
    await cognito().send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: poolIds().UserPoolId,
        Username: email,
        UserAttributes: [
          // cognito-local insists on the email beside email_verified; AWS accepts both.
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
  },
  async adminGetUserAttributes(email) {
    const { UserAttributes } = await cognito().send(
      new AdminGetUserCommand({ UserPoolId: poolIds().UserPoolId, Username: email }),
    );
    return Object.fromEntries(
      (UserAttributes ?? []).flatMap(({ Name, Value }) =>
        Name && Value !== undefined ? [[Name, Value]] : [],
      ),
    );
  },
  async adminCreateUser(account) {
    const { User } = await cognito().send(
      new AdminCreateUserCommand({
        UserPoolId: poolIds().UserPoolId,
        Username: account.email,
        UserAttributes: [
          { Name: 'email', Value: account.email },
          { Name: 'name', Value: account.name },
        ],
        DesiredDeliveryMediums: ['EMAIL'],
        ClientMetadata: account.clientMetadata,
      }),
    );
    const sub = User?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
    if (!sub) throw new Error('Cognito AdminCreateUser answered without a sub');
    return sub;
  },
  async adminSignOutEverywhere(email) {
    await cognito().send(
      new AdminUserGlobalSignOutCommand({ UserPoolId: poolIds().UserPoolId, Username: email }),
    );
  },
  async adminDisableUser(email) {
    await cognito().send(new AdminDisableUserCommand({ UserPoolId: poolIds().UserPoolId, Username: email }));
  },
  async adminDeleteUser(email) {
    await cognito().send(new AdminDeleteUserCommand({ UserPoolId: poolIds().UserPoolId, Username: email }));
  },
};
