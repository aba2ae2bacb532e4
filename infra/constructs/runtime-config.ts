/**
 * The environment each configuration concern of functions/lib/env.ts needs, and the IAM that goes
 * with it. Secrets are never values here: a function's environment names each secret it needs (its
 * name, or the ARN of one the stacks generate) and its role may `secretsmanager:GetSecretValue` on
 * exactly those secrets; functions/lib/secrets.ts reads them at run time. So no secret value or
 * `{{resolve:...}}` reference is in any function's configuration, and a rotated secret needs no deploy.
 */
import { Arn, Stack } from 'aws-cdk-lib';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import type { DeploySettings } from '../stacks/settings';
import { BUNDLED_CONTENT } from '#shared/platform/bundled-content';
import type { ConfigConcern } from './function-access';

export interface RuntimeConfigSources {
  settings: DeploySettings;
  /** Needed only by functions with the `cognito` concern. */
  cognito?: { userPool: IUserPool; userPoolClient: IUserPoolClient };
  /** Needed only by functions with the `paging` concern: the paging-token secret. */
  pagingTokenSecret?: ISecret;
}

export interface ConfigBinding {
  environment: Record<string, string>;
  grant?: (fn: IFunction) => void;
}

/**
 * What a function's environment names a secret by: the ARN of a secret of ours (complete, with its
 * suffix), or the name of one the operator created (its ARN's random suffix is not known here).
 */
const secretIdOf = (secret: ISecret): string => secret.secretFullArn ?? secret.secretName;

/**
 * The ARN a grant names, as CDK's own `grantRead` forms it: the complete ARN when known, else the
 * name's ARN followed by `-??????` (the six characters Secrets Manager appends), so the grant covers
 * that secret only and not another whose name merely starts the same.
 */
const secretArnForGrant = (secret: ISecret): string => secret.secretFullArn ?? `${secret.secretArn}-??????`;

/**
 * Names each secret in its variable and lets the function read exactly those secrets. Only
 * GetSecretValue: unlike `grantRead`, no DescribeSecret, which the functions never call.
 */
export function secretsBinding(secrets: Record<string, ISecret>): ConfigBinding {
  return {
    environment: Object.fromEntries(
      Object.entries(secrets).map(([variable, secret]) => [variable, secretIdOf(secret)]),
    ),
    grant: (fn) =>
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['secretsmanager:GetSecretValue'],
          resources: Object.values(secrets).map(secretArnForGrant),
        }),
      ),
  };
}

/** A secret the operator creates before deploying (docs/deploy.md), by its name. */
const namedSecret = (scope: Construct, variable: string, name: string): ISecret =>
  Secret.fromSecretNameV2(scope, variable, name);

/** Secrets the operator creates, by name, keyed by the variable that names each. */
const namedSecretsBinding = (scope: Construct, names: Record<string, string>): ConfigBinding =>
  secretsBinding(
    Object.fromEntries(
      Object.entries(names).map(([variable, name]) => [variable, namedSecret(scope, variable, name)]),
    ),
  );

function required<T>(value: T | undefined, concern: ConfigConcern): T {
  if (value === undefined) throw new Error(`The ${concern} configuration was not given to this stack`);
  return value;
}

function sesArn(scope: Construct, resource: 'identity' | 'configuration-set', name: string): string {
  return Arn.format({ service: 'ses', resource, resourceName: name }, Stack.of(scope));
}

/** Environment variables and grants for one concern; names match functions/lib/env.ts. */
export function configBinding(
  scope: Construct,
  concern: ConfigConcern,
  sources: RuntimeConfigSources,
): ConfigBinding {
  const { settings } = sources;
  switch (concern) {
    case 'app':
      return { environment: { APP_URL: settings.siteUrl, SUPPORT_EMAIL: settings.supportEmail } };
    case 'captcha': {
      const secret = namedSecretsBinding(scope, { CAPTCHA_SECRET_ID: settings.secrets.captchaSecret });
      return {
        ...secret,
        environment: {
          ...secret.environment,
          CAPTCHA_MIN_SCORE: String(settings.captchaMinScore),
          // reCAPTCHA reports the page's host name without a port.
          CAPTCHA_HOSTNAMES: settings.siteDomain.replace(/:\d+$/, ''),
        },
      };
    }
    case 'stripe':
      return namedSecretsBinding(scope, { STRIPE_SECRET_KEY_SECRET_ID: settings.secrets.stripeSecretKey });
    case 'stripeWebhook':
      // One signing secret per webhook endpoint: the platform's and the Connect one's (npm run stripe:setup).
      return namedSecretsBinding(scope, {
        STRIPE_WEBHOOK_SECRET_ID: settings.secrets.stripeWebhookSecret,
        STRIPE_CONNECT_WEBHOOK_SECRET_ID: settings.secrets.stripeConnectWebhookSecret,
      });
    case 'paging':
      return secretsBinding({ PAGING_TOKEN_SECRET_ID: required(sources.pagingTokenSecret, concern) });
    case 'mail':
      return {
        environment: { MAIL_FROM: settings.mailFrom },
        // SES authorizes a send on the sending identity (mailFrom's address or domain, whichever is
        // verified) and on the configuration set that applies, if any (an identity's default set, which
        // the operator may add: its name is not known here). In the SES sandbox it authorizes each
        // recipient's verified identity as well: those listed in mailSandboxRecipients (staging only).
        grant: (fn) =>
          fn.addToRolePolicy(
            new PolicyStatement({
              actions: ['ses:SendEmail'],
              resources: [
                ...[...settings.mailIdentities, ...settings.mailSandboxRecipients].map((identity) =>
                  sesArn(scope, 'identity', identity),
                ),
                sesArn(scope, 'configuration-set', '*'),
              ],
            }),
          ),
      };
    case 'content':
      return {
        environment: {
          // Relative to the package root (LAMBDA_TASK_ROOT), where the CDK copies the folder.
          CONTENT_DATASET_DIR: BUNDLED_CONTENT.folder,
          CONTENT_PROJECT_ID: BUNDLED_CONTENT.projectId,
          CONTENT_DATASET: BUNDLED_CONTENT.dataset,
        },
      };
    case 'cognito': {
      const { userPool, userPoolClient } = required(sources.cognito, concern);
      return {
        environment: {
          COGNITO_USER_POOL_ID: userPool.userPoolId,
          COGNITO_CLIENT_ID: userPoolClient.userPoolClientId,
        },
      };
    }
  }
}
