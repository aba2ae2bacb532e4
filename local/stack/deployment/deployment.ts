/**
 * What the synthesized templates deploy, read once for the local stack: the functions with their
 * credentials, the API, the bucket notifications, the scheduled rules, the user pool, the tables and buckets, the SPA's
 * runtime config; and the environment the local operator (seed, tests, invite) works in.
 */
import { LOCAL_ACCOUNT, LOCAL_AWS } from '../config';
import type { TemplateResolver } from '@shutterlane/aws-standins/cloudformation/resolver';
import { functionDefinitions, type LocalFunctionDef } from '../functions/definitions';
import { functionIdentity } from '../functions/credentials';
import type { LocalIdentity } from '@shutterlane/aws-standins/iam/types';
import { bucketNotifications, httpApiDefinition, scheduledRules } from './events';
import { endpointVariables, type LocalEndpoints } from './overlay';
import { deployedRuntimeConfig } from './site-files';
import { bucketDefinitions, tableDefinitions } from './storage';
import { userPoolSetup } from './user-pool';

/** The local administrator: the seed, the tests and `npm run invite` sign with this key. */
export const OPERATOR: LocalIdentity = {
  ...LOCAL_AWS,
  principal: { kind: 'operator', arn: `arn:aws:iam::${LOCAL_ACCOUNT.accountId}:user/local-operator` },
};

/** What the templates deploy, read once. */
export function readDeployment(resolver: TemplateResolver) {
  const functions = functionDefinitions(resolver);
  return {
    functions,
    api: httpApiDefinition(resolver),
    notifications: bucketNotifications(resolver),
    schedules: scheduledRules(
      resolver,
      functions.map((fn) => fn.arn),
      LOCAL_ACCOUNT,
    ),
    userPool: userPoolSetup(resolver),
    tables: tableDefinitions(resolver),
    buckets: bucketDefinitions(resolver),
    runtimeConfig: deployedRuntimeConfig(resolver),
    identities: functions.map((definition) => functionIdentity(definition, LOCAL_ACCOUNT.accountId)),
  };
}

/** The operator works with the names the functions get (table and bucket variables, the app URL...). */
export function operatorEnvironment(
  functions: LocalFunctionDef[],
  endpoints: LocalEndpoints,
): Record<string, string> {
  const names = Object.assign({}, ...functions.map((definition) => definition.environment)) as Record<
    string,
    string
  >;
  return {
    ...names,
    AWS_REGION: LOCAL_ACCOUNT.region,
    AWS_ACCESS_KEY_ID: LOCAL_AWS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_AWS.secretAccessKey,
    ...endpointVariables(endpoints),
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
}

export type Deployment = ReturnType<typeof readDeployment>;
