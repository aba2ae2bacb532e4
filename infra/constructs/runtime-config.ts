/**
 * The environment each configuration concern of functions/lib/env.ts needs, and the IAM that goes
 * with it. Secrets are CloudFormation dynamic references to Secrets Manager (`{{resolve:...}}`):
 * resolved at deploy time, so no secret value is ever in a template or in the repository.
 */
import { Arn, SecretValue, Stack } from 'aws-cdk-lib';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import type { DeploySettings } from '../stacks/settings';
import { BUNDLED_CONTENT } from '../../functions/content/bundled-content';
import type { ConfigConcern } from './function-access';

export interface RuntimeConfigSources {
  settings: DeploySettings;
  /** Needed only by functions with the `cognito` concern. */
  cognito?: { userPool: IUserPool; userPoolClient: IUserPoolClient };
  /** Needed only by functions with the `paging` concern: a secret value token. */
  pagingTokenSecret?: string;
}

export interface ConfigBinding {
  environment: Record<string, string>;
  grant?: (fn: IFunction) => void;
}

/** A deploy-time reference to a Secrets Manager secret's string value, by secret name or ARN. */
export function secretFromName(name: string): string {
  return SecretValue.secretsManager(name).unsafeUnwrap();
}

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
  const binding = concernBinding(scope, concern, sources);
  const revision = sources.settings.secretsRevision;
  if (revision === undefined || !SECRET_CONCERNS.includes(concern)) return binding;
  return { ...binding, environment: { ...binding.environment, SECRETS_REVISION: revision } };
}

/** Concerns whose environment holds secret references. */
const SECRET_CONCERNS: readonly ConfigConcern[] = ['captcha', 'stripe', 'stripeWebhook', 'paging'];

function concernBinding(
  scope: Construct,
  concern: ConfigConcern,
  sources: RuntimeConfigSources,
): ConfigBinding {
  const { settings } = sources;
  switch (concern) {
    case 'app':
      return { environment: { APP_URL: settings.siteUrl, SUPPORT_EMAIL: settings.supportEmail } };
    case 'captcha':
      return {
        environment: {
          CAPTCHA_SECRET: secretFromName(settings.secrets.captchaSecret),
          CAPTCHA_MIN_SCORE: String(settings.captchaMinScore),
          // reCAPTCHA reports the page's host name without a port.
          CAPTCHA_HOSTNAMES: settings.siteDomain.replace(/:\d+$/, ''),
        },
      };
    case 'stripe':
      return { environment: { STRIPE_SECRET_KEY: secretFromName(settings.secrets.stripeSecretKey) } };
    case 'stripeWebhook':
      // One signing secret per webhook endpoint: the platform's and the Connect one's (npm run stripe:setup).
      return {
        environment: {
          STRIPE_WEBHOOK_SECRET: secretFromName(settings.secrets.stripeWebhookSecret),
          STRIPE_CONNECT_WEBHOOK_SECRET: secretFromName(settings.secrets.stripeConnectWebhookSecret),
        },
      };
    case 'paging':
      return { environment: { PAGING_TOKEN_SECRET: required(sources.pagingTokenSecret, concern) } };
    case 'mail':
      return {
        environment: { MAIL_FROM: settings.mailFrom },
        // SES authorizes a send on the sending identity and, when one applies (the account's default),
        // on its configuration set; in the sandbox on each recipient's verified identity as well. Only
        // the sending identity would be refused everywhere but a production account without a set.
        grant: (fn) =>
          fn.addToRolePolicy(
            new PolicyStatement({
              actions: ['ses:SendEmail'],
              resources: [sesArn(scope, 'identity', '*'), sesArn(scope, 'configuration-set', '*')],
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
