/**
 * Which Cognito operations AWS authorizes with IAM, and the hook that checks them.
 *
 * Cognito serves some operations without IAM (SignUp, InitiateAuth, RespondToAuthChallenge,
 * ConfirmSignUp, ForgotPassword, GetUser, GlobalSignOut, ...: the app client id or the user's own
 * tokens authorize them); every other one (the Admin* operations, ListUsers, DescribeUserPool, ...)
 * needs a SigV4-signed request that the caller's IAM policy allows. The service model marks the
 * first kind with no auth, and the SDK's auth-scheme resolver carries that mark, so the list is read
 * from the SDK rather than written out here.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';

/** One IAM-authenticated call as it arrived, before it runs. */
export interface IamCall {
  /** The operation, e.g. "AdminCreateUser" (the action is `cognito-idp:<operation>`). */
  operation: string;
  method: string;
  /** The request target as sent (path and query). */
  url: string;
  headers: IncomingHttpHeaders;
  /** The raw request body, as signed. */
  body: string;
}

/** AWS's refusal (status and Cognito's error JSON), or null to let the call run. */
export type IamRefusal = { status: number; body: object } | null;

export type IamAuthorizer = (call: IamCall) => Promise<IamRefusal>;

const modelClient = new CognitoIdentityProviderClient({ region: 'us-east-1' });

/** Whether AWS requires IAM (SigV4 and an allowing policy) for `operation`. */
export function needsIam(operation: string): boolean {
  const options = modelClient.config.httpAuthSchemeProvider({ operation, region: 'us-east-1' });
  return !options.some((option) => option.schemeId === 'smithy.api#noAuth');
}
