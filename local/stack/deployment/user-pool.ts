/**
 * The seller user pool and the SPA's app client as the auth stack's template declares them, for the
 * Cognito stand-in: its AWS::Cognito::UserPool and AWS::Cognito::UserPoolClient properties (the same
 * names as Cognito's API), the local ids, and the Lambda triggers.
 */
import { resourcesOfType } from '@shutterlane/aws-standins/cloudformation/assembly';
import type { TemplateResolver } from '@shutterlane/aws-standins/cloudformation/resolver';
import type { AppClientDefinition, UserPoolDefinition } from '@shutterlane/aws-standins/cognito/cognito-pool';
import { cognitoTriggers, type CognitoTriggers } from './events';

export interface UserPoolSetup {
  userPool: UserPoolDefinition;
  appClient: AppClientDefinition;
  triggers: CognitoTriggers;
}

const POOL_PROPERTIES = [
  'UsernameAttributes',
  'AutoVerifiedAttributes',
  'Policies',
  'MfaConfiguration',
] as const;
const CLIENT_PROPERTIES = [
  'ExplicitAuthFlows',
  'CallbackURLs',
  'LogoutURLs',
  'AllowedOAuthFlows',
  'AllowedOAuthScopes',
  'AllowedOAuthFlowsUserPoolClient',
  'SupportedIdentityProviders',
  'AccessTokenValidity',
  'IdTokenValidity',
  'RefreshTokenValidity',
  'TokenValidityUnits',
  'EnableTokenRevocation',
  'PreventUserExistenceErrors',
] as const;

const pick = (props: Record<string, unknown>, names: readonly string[]) =>
  Object.fromEntries(names.filter((name) => props[name] !== undefined).map((name) => [name, props[name]]));

/** The app's one user pool and its one app client. */
export function userPoolSetup(resolver: TemplateResolver): UserPoolSetup {
  const [pool, ...otherPools] = resourcesOfType(resolver.assembly, 'AWS::Cognito::UserPool');
  const [client, ...otherClients] = resourcesOfType(resolver.assembly, 'AWS::Cognito::UserPoolClient');
  if (!pool || !client || otherPools.length > 0 || otherClients.length > 0)
    throw new Error('Expected exactly one user pool and one app client in the templates');
  const poolProps = resolver.resolve(pool.stack, pool.resource.Properties ?? {}) as Record<string, unknown>;
  const clientProps = resolver.resolve(client.stack, client.resource.Properties ?? {}) as Record<
    string,
    unknown
  >;
  return {
    userPool: {
      ...pick(poolProps, POOL_PROPERTIES),
      Id: resolver.physicalName(pool.stack, pool.logicalId),
      Arn: resolver.resolveString(pool.stack, { 'Fn::GetAtt': [pool.logicalId, 'Arn'] }),
      Name: String(poolProps.UserPoolName ?? `${pool.stack}-${pool.logicalId}`),
    },
    appClient: {
      ...pick(clientProps, CLIENT_PROPERTIES),
      ClientId: resolver.physicalName(client.stack, client.logicalId),
      ClientName: String(clientProps.ClientName ?? client.logicalId),
    },
    triggers: cognitoTriggers(resolver, pool.stack, pool.logicalId),
  };
}
