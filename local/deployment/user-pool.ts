/**
 * The seller user pool and the SPA's app client as the auth stack's template declares them, for the
 * Cognito stand-in: ids, sign-in and verification settings, password policy, auth flows, OAuth
 * callback and logout URLs, token lifetimes, and the Lambda triggers.
 */
import { resourcesOfType } from '../cloudformation/assembly';
import type { TemplateResolver } from '../cloudformation/resolver';
import { cognitoTriggers, type CognitoTriggers } from './events';

export interface UserPoolDefinition {
  id: string;
  arn: string;
  name: string;
  usernameAttributes: string[];
  autoVerifiedAttributes: string[];
  passwordPolicy?: Record<string, unknown>;
  triggers: CognitoTriggers;
}

export interface AppClientDefinition {
  id: string;
  name: string;
  explicitAuthFlows: string[];
  callbackUrls: string[];
  logoutUrls: string[];
  allowedOAuthFlows: string[];
  allowedOAuthScopes: string[];
  preventUserExistenceErrors: boolean;
  enableTokenRevocation: boolean;
}

export interface UserPoolSetup {
  pool: UserPoolDefinition;
  client: AppClientDefinition;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

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
  const policies = poolProps.Policies as { PasswordPolicy?: Record<string, unknown> } | undefined;
  return {
    pool: {
      id: resolver.physicalName(pool.stack, pool.logicalId),
      arn: resolver.resolveString(pool.stack, { 'Fn::GetAtt': [pool.logicalId, 'Arn'] }),
      name: String(poolProps.UserPoolName ?? `${pool.stack}-${pool.logicalId}`),
      usernameAttributes: strings(poolProps.UsernameAttributes),
      autoVerifiedAttributes: strings(poolProps.AutoVerifiedAttributes),
      ...(policies?.PasswordPolicy && { passwordPolicy: policies.PasswordPolicy }),
      triggers: cognitoTriggers(resolver, pool.stack, pool.logicalId),
    },
    client: {
      id: resolver.physicalName(client.stack, client.logicalId),
      name: String(clientProps.ClientName ?? client.logicalId),
      explicitAuthFlows: strings(clientProps.ExplicitAuthFlows),
      callbackUrls: strings(clientProps.CallbackURLs),
      logoutUrls: strings(clientProps.LogoutURLs),
      allowedOAuthFlows: strings(clientProps.AllowedOAuthFlows),
      allowedOAuthScopes: strings(clientProps.AllowedOAuthScopes),
      preventUserExistenceErrors: clientProps.PreventUserExistenceErrors === 'ENABLED',
      enableTokenRevocation: clientProps.EnableTokenRevocation !== false,
    },
  };
}
