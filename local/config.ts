/**
 * Settings of the local stack: ports from the environment with defaults, fixed local-only
 * credentials (never valid anywhere else) and where run-time data lives.
 */
import path from 'node:path';

const port = (name: string, fallback: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw new Error(`${name} must be a port number (0-65535), got "${raw}"`);
  }
  return value;
};

export const localPorts = () => ({
  app: port('APP_PORT', 5173),
  gateway: port('GATEWAY_PORT', 4000),
  dynamo: port('DYNAMO_PORT', 4567),
  s3: port('S3_PORT', 4568),
  cognito: port('COGNITO_PORT', 9229),
  stripe: port('STRIPE_PORT', 12111),
  captcha: port('CAPTCHA_PORT', 4570),
  mail: port('MAIL_PORT', 4571),
  content: port('CONTENT_PORT', 4572),
});
export type LocalPorts = ReturnType<typeof localPorts>;

/** Host name the local stack binds to and prints. */
export const LOCAL_HOST = process.env.LOCAL_HOST ?? 'localhost';

/** Local-only AWS credentials: the S3 stand-in verifies signatures made with these. */
export const LOCAL_AWS = {
  region: 'eu-west-2',
  accessKeyId: 'SHUTTERLANELOCAL',
  secretAccessKey: 'shutterlane-local-secret-key',
} as const;

export const LOCAL_BUCKETS = { originals: 'shutterlane-originals', derived: 'shutterlane-derived' } as const;
export const LOCAL_TABLE_PREFIX = 'shutterlane-';

/** Local-only secrets for the stand-ins (the captcha stub, the Stripe emulator, paging tokens). */
export const LOCAL_SECRETS = {
  captchaSiteKey: 'local-recaptcha-site-key',
  captchaSecret: 'local-recaptcha-secret',
  stripeSecretKey: 'sk_test_shutterlane_local',
  stripePublishableKey: 'pk_test_shutterlane_local',
  stripeWebhookSecret: 'whsec_shutterlane_local',
  pagingTokenSecret: 'local-paging-token-secret-0123456789',
} as const;

/** Run-time data of `npm start` (gitignored; `npm run reset` deletes it). */
export const DATA_DIR = path.resolve(process.env.SHUTTERLANE_DATA_DIR ?? '.data');
