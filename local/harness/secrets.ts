/**
 * A secret's value as the tests' operator reads it: from the local Secrets Manager stand-in
 * (SECRETSMANAGER_ENDPOINT of the operator's environment) with the operator's own key, through the
 * real SDK, as an operator with the AWS CLI would. E.g. the webhook signing secret, to sign events as
 * Stripe does: `secretValue(stripeWebhookEnv().STRIPE_WEBHOOK_SECRET_ID)`.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

let client: SecretsManagerClient | undefined;

function secretsManager(): SecretsManagerClient {
  const endpoint = process.env.SECRETSMANAGER_ENDPOINT;
  // Never the real service: without the stand-in's endpoint the SDK would ask AWS.
  if (!endpoint) throw new Error('SECRETSMANAGER_ENDPOINT is not set: is the local stack running?');
  client ??= new SecretsManagerClient({ endpoint, region: process.env.AWS_REGION ?? 'eu-west-2' });
  return client;
}

/** The current text value of the secret a name or ARN names. */
export async function secretValue(secretId: string): Promise<string> {
  const { SecretString } = await secretsManager().send(new GetSecretValueCommand({ SecretId: secretId }));
  if (SecretString === undefined) throw new Error(`The secret ${secretId} has no text value`);
  return SecretString;
}
