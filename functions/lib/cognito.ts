/**
 * One Cognito user-pool client for the process, pointed at the local stand-in by COGNITO_ENDPOINT.
 * Public calls (SignUp, ForgotPassword, ...) need no IAM; the Admin* calls use the function's role.
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
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
