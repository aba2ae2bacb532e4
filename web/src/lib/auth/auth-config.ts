/**
 * Where seller sign-in happens. Locally the build carries the stand-in's pool, client and endpoint
 * (and signs in with USER_PASSWORD_AUTH, since cognito-local has no SRP); in production the pool
 * comes from `/runtime-config.json` written by the site stack, and sign-in uses SRP.
 */
import { getEnv } from '../../config/env';

export interface AuthConfig {
  userPoolId: string;
  clientId: string;
  /** The Cognito stand-in locally; unset against AWS. */
  endpoint?: string;
  /** The hosted UI's base URL, for the authorization-code flow (production only). */
  hostedUiDomain?: string;
  authFlowType: 'USER_PASSWORD_AUTH' | 'USER_SRP_AUTH';
}

interface RuntimeConfig {
  userPoolId?: string;
  userPoolClientId?: string;
  hostedUiDomain?: string;
}

async function runtimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/runtime-config.json', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error('The sign-in configuration could not be loaded');
  return (await response.json()) as RuntimeConfig;
}

export async function loadAuthConfig(): Promise<AuthConfig> {
  const env = getEnv();
  if (env.VITE_COGNITO_USER_POOL_ID && env.VITE_COGNITO_CLIENT_ID) {
    return {
      userPoolId: env.VITE_COGNITO_USER_POOL_ID,
      clientId: env.VITE_COGNITO_CLIENT_ID,
      ...(env.VITE_COGNITO_ENDPOINT && { endpoint: env.VITE_COGNITO_ENDPOINT }),
      authFlowType: env.VITE_COGNITO_ENDPOINT ? 'USER_PASSWORD_AUTH' : 'USER_SRP_AUTH',
    };
  }
  const config = await runtimeConfig();
  if (!config.userPoolId || !config.userPoolClientId) throw new Error('Sign-in is not configured');
  return {
    userPoolId: config.userPoolId,
    clientId: config.userPoolClientId,
    ...(config.hostedUiDomain && { hostedUiDomain: config.hostedUiDomain }),
    authFlowType: 'USER_SRP_AUTH',
  };
}
