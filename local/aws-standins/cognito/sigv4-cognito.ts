/**
 * IAM for the Cognito stand-in's IAM-authorized operations (AdminGetUser, AdminSetUserPassword,
 * ListUsers...): the caller's SigV4 signature is checked and its identity policy must allow
 * `cognito-idp:<Operation>` on the user pool ARN, as in AWS. The stand-in calls `authorizeIamCall`
 * for the operations `cognitoOperationNeedsIam` names and answers the refusal it returns, if any,
 * as JSON (`application/x-amz-json-1.1`).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { LOCAL_REGION, userPoolArn } from '../iam/arn';
import { accessDeniedMessage, authorize } from '../iam/evaluate';
import type { IdentityStore } from '../iam/types';
import { authenticateHeaderSignedRequest } from '../sigv4/sigv4-header';

export interface IamCall {
  /** The operation named by `X-Amz-Target`, e.g. `AdminGetUser`. */
  operation: string;
  method: string;
  /** Path and query as received. */
  url: string;
  headers: IncomingHttpHeaders;
  /** The body exactly as received: its hash is part of the signature. */
  body: Buffer | string;
}

/** Cognito's JSON error answer: `{ __type, message }` with HTTP 400. */
export interface IamCallRefusal {
  status: number;
  body: { __type: string; message?: string; Message?: string };
}

const COGNITO_SIGNING_NAME = 'cognito-idp';

/**
 * null when the call may proceed; otherwise what Cognito answers: UnrecognizedClientException for an
 * unknown key, InvalidSignatureException for a bad signature (and the other signature errors), and
 * AccessDeniedException when the caller's policy does not allow the operation on the user pool.
 */
export async function authorizeIamCall(
  identities: IdentityStore,
  call: IamCall,
  now: Date = new Date(),
): Promise<IamCallRefusal | null> {
  const authentication = await authenticateHeaderSignedRequest(call, identities, {
    service: COGNITO_SIGNING_NAME,
    region: LOCAL_REGION,
    now,
  });
  if (!authentication.ok) {
    return { status: 400, body: { __type: authentication.code, message: authentication.message } };
  }
  const action = `cognito-idp:${call.operation}`;
  const resource = userPoolResource(call.body);
  const { principal } = authentication.identity;
  const decision = authorize(principal, action, resource);
  if (decision === 'allow') return null;
  return {
    status: 400,
    body: {
      __type: 'AccessDeniedException',
      // AWS's authorization layer answers with a capitalised `Message` (the SDK reads either).
      Message: accessDeniedMessage(principal.arn, action, resource, decision),
    },
  };
}

/** The user pool the call addresses, from the body's `UserPoolId`; `*` for calls without one (ListUserPools). */
function userPoolResource(body: Buffer | string): string {
  try {
    const parsed: unknown = JSON.parse(body.toString());
    const poolId =
      typeof parsed === 'object' && parsed !== null && 'UserPoolId' in parsed ? parsed.UserPoolId : undefined;
    return typeof poolId === 'string' ? userPoolArn(poolId) : '*';
  } catch {
    return '*';
  }
}

let authSchemes: CognitoIdentityProviderClient['config']['httpAuthSchemeProvider'] | undefined;

/**
 * Whether AWS requires a SigV4-signed (IAM-authorized) call for the operation, read from the SDK's
 * own auth-scheme table: SignUp, InitiateAuth and the other public or token-authorized operations
 * go unsigned; every other operation, and any the table does not know, needs IAM.
 */
export function cognitoOperationNeedsIam(operation: string): boolean {
  authSchemes ??= new CognitoIdentityProviderClient({ region: LOCAL_REGION }).config.httpAuthSchemeProvider;
  return authSchemes({ operation, region: LOCAL_REGION }).some(
    (option) => option.schemeId === 'aws.auth#sigv4',
  );
}
