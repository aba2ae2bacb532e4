/**
 * Settings of the local stack: ports from the environment with defaults, the settings the CDK app is
 * synthesized with locally, fixed local-only credentials and secret values (never valid anywhere
 * else), and where run-time data lives.
 */
import {
  RESERVED_CONCURRENCY_PRODUCTION,
  reservedConcurrencySettings,
  SETTING_DEFAULTS,
} from '../../infra/stacks/settings';
import type { LocalAccount } from '@shutterlane/aws-standins/cloudformation/physical-names';

// This machine runs Node 20 and Lambda runs 22; the lockfile pins an SDK that works on both, so its
// notice about Node 20 is noise here (set before any SDK client exists: this module loads first).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const port = (name: string, fallback: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw new Error(`${name} must be a port number (0-65535), got "${raw}"`);
  }
  return value;
};

/** Each local service's port: the environment variable that sets it, and its default. */
export const LOCAL_PORT_SETTINGS = {
  app: ['APP_PORT', 5173],
  gateway: ['GATEWAY_PORT', 4000],
  dynamo: ['DYNAMO_PORT', 4567],
  s3: ['S3_PORT', 4568],
  cognito: ['COGNITO_PORT', 9229],
  stripe: ['STRIPE_PORT', 12111],
  captcha: ['CAPTCHA_PORT', 4570],
  mail: ['MAIL_PORT', 4571],
  content: ['CONTENT_PORT', 4572],
  secretsManager: ['SECRETSMANAGER_PORT', 4573],
  // The local CloudFront: origin-verify header and the web ACL's rate rules, in front of the gateway.
  edge: ['EDGE_PORT', 4575],
  sqs: ['SQS_PORT', 4574],
} as const satisfies Record<string, readonly [string, number]>;

export type LocalPorts = Record<keyof typeof LOCAL_PORT_SETTINGS, number>;

export const localPorts = (): LocalPorts =>
  Object.fromEntries(
    Object.entries(LOCAL_PORT_SETTINGS).map(([service, [name, fallback]]) => [service, port(name, fallback)]),
  ) as LocalPorts;

/** The host name and the operator's credentials, as the stand-ins know them. */
export { LOCAL_AWS, LOCAL_HOST } from '@shutterlane/aws-standins/local-account';

/** The account and region the local templates resolve in (ARNs carry them). */
export const LOCAL_ACCOUNT: LocalAccount = { region: 'eu-west-2', accountId: '000000000000' };

/** Local-only secrets for the stand-ins (the captcha stub, the Stripe emulator). */
export const LOCAL_SECRETS = {
  captchaSiteKey: 'local-recaptcha-site-key',
  captchaSecret: 'local-recaptcha-secret',
  stripeSecretKey: 'sk_test_shutterlane_local',
  stripePublishableKey: 'pk_test_shutterlane_local',
} as const;

/** The app's emails come from this address locally (`.test` is reserved: it reaches no one). */
export const LOCAL_MAIL_FROM = 'Shutterlane <orders@shutterlane.test>';
/** The SES identity verified in the local account (the deploy guide verifies the real domain). */
export const LOCAL_MAIL_IDENTITY = 'shutterlane.test';

/**
 * The addresses the Stripe emulator's deliveries come from (loopback: `localhost` is 127.0.0.1, or ::1
 * where the resolver puts IPv6 first): the only ones besides Stripe's own the local edge lets reach the
 * webhook path.
 */
export const STRIPE_EMULATOR_SOURCE = '127.0.0.1/32,::1/128';

/**
 * The CDK settings the local stack synthesizes with: the site is the local web server, and production's
 * reserved concurrency (each function's ceiling of environments locally).
 */
export function localDeploySettings(ports: Pick<LocalPorts, 'app'>): Record<string, string> {
  return {
    siteDomain: `localhost:${ports.app}`,
    mailFrom: LOCAL_MAIL_FROM,
    supportEmail: 'support@shutterlane.com',
    authDomainPrefix: 'shutterlane-local',
    // The Stripe emulator delivers webhooks from loopback: the local IP set adds its address to Stripe's.
    stripeWebhookExtraSources: STRIPE_EMULATOR_SOURCE,
    ...reservedConcurrencySettings(RESERVED_CONCURRENCY_PRODUCTION),
  };
}

/**
 * The secrets an operator creates in Secrets Manager before the first deploy (docs/deploy.md), by the
 * names the templates use, with local values: the Stripe key and the reCAPTCHA secret, and the webhook
 * endpoints' signing secrets the local Stripe set-up made (`made`, by name). Secrets the templates
 * create themselves (the paging secret) get generated values in the stand-in.
 */
export function operatorSecrets(made: Record<string, string>): Record<string, string> {
  return {
    [SETTING_DEFAULTS.stripeSecretKey]: LOCAL_SECRETS.stripeSecretKey,
    [SETTING_DEFAULTS.captchaSecret]: LOCAL_SECRETS.captchaSecret,
    ...made,
  };
}

/** Run-time data of `npm start`: where operator commands look for the running stack. */
export { DATA_DIR } from '../../ops/local-stack-env';
