/**
 * Everything the local stack gives a function beyond its template, in one place:
 * - what Lambda itself sets in every function's environment (the reserved variables);
 * - the stand-ins' endpoints, which AWS SDKs and our clients find by default in AWS;
 * - the function's own local credentials (its role's session in AWS);
 * - two local-only comforts: quieter logs, and no SDK notice about this machine's Node 20.
 * And what the local stack changes in files a deployment serves: the SPA's runtime config points
 * Amplify at the Cognito stand-in and its hosted sign-in (AWS's own endpoints in a deployment).
 */
import type { LocalIdentity } from '@shutterlane/aws-standins/iam/types';
import type { LocalFunctionDef } from '../functions/definitions';

export interface LocalEndpoints {
  dynamodb: string;
  s3: string;
  cognito: string;
  ses: string;
  stripe: string;
  captchaVerify: string;
  secretsManager: string;
  sqs: string;
}

/** Lambda's reserved environment variables for this function (see the Lambda developer guide). */
function lambdaReservedVariables(definition: LocalFunctionDef, taskRoot: string, region: string) {
  return {
    AWS_REGION: region,
    AWS_DEFAULT_REGION: region,
    AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
    AWS_LAMBDA_FUNCTION_NAME: definition.functionName,
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(definition.memoryMb),
    AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
    AWS_LAMBDA_LOG_GROUP_NAME: `/aws/lambda/${definition.functionName}`,
    AWS_LAMBDA_LOG_STREAM_NAME: 'local',
    LAMBDA_TASK_ROOT: taskRoot,
    TZ: ':UTC',
    LANG: 'en_US.UTF-8',
    PATH: process.env.PATH ?? '/usr/bin:/bin',
  };
}

/** Where the functions' clients find the stand-ins (in AWS they find the services by default). */
export function endpointVariables(endpoints: LocalEndpoints): Record<string, string> {
  return {
    DYNAMODB_ENDPOINT: endpoints.dynamodb,
    S3_ENDPOINT: endpoints.s3,
    COGNITO_ENDPOINT: endpoints.cognito,
    SES_ENDPOINT: endpoints.ses,
    STRIPE_API_URL: endpoints.stripe,
    CAPTCHA_VERIFY_URL: endpoints.captchaVerify,
    SECRETSMANAGER_ENDPOINT: endpoints.secretsManager,
    SQS_ENDPOINT: endpoints.sqs,
  };
}

/** The local additions: endpoints, credentials, and the two local comforts. */
export function localAdditions(
  endpoints: LocalEndpoints,
  identity: Pick<LocalIdentity, 'accessKeyId' | 'secretAccessKey'>,
) {
  return {
    ...endpointVariables(endpoints),
    AWS_ACCESS_KEY_ID: identity.accessKeyId,
    AWS_SECRET_ACCESS_KEY: identity.secretAccessKey,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
}

/** A function's whole environment: Lambda's variables, then its template's, then the local additions. */
export function functionEnvironment(
  definition: LocalFunctionDef,
  options: { taskRoot: string; region: string; endpoints: LocalEndpoints; identity: LocalIdentity },
): Record<string, string> {
  return {
    ...lambdaReservedVariables(definition, options.taskRoot, options.region),
    ...definition.environment,
    ...localAdditions(options.endpoints, options.identity),
  };
}

/** The JWT issuer a template names for the user pool, as the Cognito stand-in issues it. */
export function localIssuer(templateIssuer: string, cognitoUrl: string): { issuer: string; jwksUrl: string } {
  const poolId = templateIssuer.slice(templateIssuer.lastIndexOf('/') + 1);
  const issuer = `${cognitoUrl}/${poolId}`;
  return { issuer, jwksUrl: `${issuer}/.well-known/jwks.json` };
}

/** The deployed runtime config with Amplify pointed at the stand-ins. */
export function localRuntimeConfig(
  deployed: Record<string, unknown>,
  cognito: { url: string; oauthUrl: string },
): Record<string, unknown> {
  return { ...deployed, userPoolEndpoint: cognito.url, hostedUiDomain: cognito.oauthUrl };
}
