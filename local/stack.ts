/**
 * The whole product on this machine: every stand-in, the local gateway and (optionally) the Vite dev
 * server, wired together with only endpoints differing from AWS. `npm start`, the integration and
 * end-to-end tests and the benchmarks all start it through `startLocalStack`.
 */
import path from 'node:path';
import type { S3Event } from 'aws-lambda';
import { LOCAL_AWS, LOCAL_BUCKETS, LOCAL_SECRETS, LOCAL_TABLE_PREFIX, type LocalPorts } from './config';
import { startGateway } from './gateway';
import { startCaptcha, type CaptchaStandIn } from './standins/captcha';
import { startContentApi } from './content/server';
import { LOCAL_CONTENT } from './content/settings';
import { startCognito, type CodeDelivery } from './standins/cognito';
import { customMessageMail, runPreSignUp } from './auth-triggers';
import { startDynamo } from './standins/dynamodb';
import { startMailOutbox } from './standins/mail';
import { startS3 } from './standins/s3';
import { startStripeEmulator } from './stripe-emulator';
import { TABLES, type TableName } from '../functions/lib/storage-layout';

export interface LocalStackOptions {
  ports: LocalPorts;
  dataDir: string;
  /** Start the Vite dev server for the SPA (npm start, e2e); off for API-only tests. */
  web?: boolean;
  /** Extra VITE_* settings for the SPA (e2e: test analytics ids, flags). */
  webEnv?: Record<string, string>;
  /** Score the captcha stub gives tokens (default 0.9). */
  captchaScore?: number;
  /** Log each stand-in as it starts. */
  log?: (line: string) => void;
}

export interface LocalStack {
  urls: {
    app: string;
    api: string;
    mailbox: string;
    dynamo: string;
    s3: string;
    cognito: string;
    stripe: string;
    captcha: string;
    content: string;
  };
  captcha: CaptchaStandIn;
  cognito: { userPoolId: string; clientId: string };
  tableNames: Record<TableName, string>;
  stop(): Promise<void>;
}

type Stoppable = { stop(): Promise<void> };

/** The environment the functions read (functions/lib/env.ts), pointing at the stand-ins. */
function functionEnvironment(
  urls: Omit<LocalStack['urls'], 'api' | 'mailbox' | 'content'>,
  extra: Record<string, string>,
) {
  const tables = Object.fromEntries(
    Object.entries(TABLES).map(([name, def]) => [def.envVar, `${LOCAL_TABLE_PREFIX}${name}`]),
  );
  return {
    AWS_REGION: LOCAL_AWS.region,
    AWS_ACCESS_KEY_ID: LOCAL_AWS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_AWS.secretAccessKey,
    DYNAMODB_ENDPOINT: urls.dynamo,
    S3_ENDPOINT: urls.s3,
    ...tables,
    ORIGINALS_BUCKET: LOCAL_BUCKETS.originals,
    DERIVED_BUCKET: LOCAL_BUCKETS.derived,
    CAPTCHA_SECRET: LOCAL_SECRETS.captchaSecret,
    CAPTCHA_VERIFY_URL: `${urls.captcha}/recaptcha/api/siteverify`,
    CAPTCHA_HOSTNAMES: 'localhost,127.0.0.1',
    APP_URL: urls.app,
    STRIPE_SECRET_KEY: LOCAL_SECRETS.stripeSecretKey,
    STRIPE_WEBHOOK_SECRET: LOCAL_SECRETS.stripeWebhookSecret,
    STRIPE_API_URL: urls.stripe,
    COGNITO_ENDPOINT: urls.cognito,
    PAGING_TOKEN_SECRET: LOCAL_SECRETS.pagingTokenSecret,
    // The content Lambda reads the bundled dataset in place (the separate content stand-in does too).
    CONTENT_DATASET_DIR: LOCAL_CONTENT.datasetDir,
    CONTENT_PROJECT_ID: LOCAL_CONTENT.projectId,
    CONTENT_DATASET: LOCAL_CONTENT.dataset,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    ...extra,
  };
}

/** Runs the resize Lambda in-process for each new original, as the S3 trigger does in AWS. */
async function runResize(event: S3Event): Promise<void> {
  const { handler } = await import('../functions/resize/index');
  await handler(event);
}

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const { ports, dataDir } = options;
  // This machine runs Node 20; Lambda runs 22 and the lockfile pins an SDK that works on both.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const log = options.log ?? (() => undefined);
  const started: Stoppable[] = [];
  const track = <T extends Stoppable>(service: T, name: string): T => {
    started.push(service);
    log(`${name} ready`);
    return service;
  };
  const stop = async () => {
    await Promise.allSettled(started.reverse().map((s) => s.stop()));
  };
  // Cognito's codes go to the mail outbox once it is up, worded by the same CustomMessage trigger as in AWS.
  let deliverCode: (code: CodeDelivery) => Promise<void> = async () => undefined;
  try {
    const appOrigin = `http://localhost:${ports.app}`;
    const [dynamo, s3, cognito, captcha, mail, stripe, content] = await Promise.all([
      startDynamo({
        port: ports.dynamo,
        dataDir: path.join(dataDir, 'dynamodb'),
        tablePrefix: LOCAL_TABLE_PREFIX,
      }).then((s) => track(s, 'DynamoDB (dynalite)')),
      startS3({
        port: ports.s3,
        dataDir: path.join(dataDir, 's3'),
        buckets: Object.values(LOCAL_BUCKETS),
        corsOrigins: [appOrigin, `http://127.0.0.1:${ports.app}`],
        notifyBuckets: [LOCAL_BUCKETS.originals],
        onObjectCreated: runResize,
      }).then((s) => track(s, 'S3 (s3rver, signatures verified)')),
      startCognito({
        port: ports.cognito,
        dataDir,
        onCode: (code) => deliverCode(code),
        preSignUp: runPreSignUp,
      }).then((s) => track(s, 'Cognito (cognito-local)')),
      startCaptcha({
        port: ports.captcha,
        siteKey: LOCAL_SECRETS.captchaSiteKey,
        secret: LOCAL_SECRETS.captchaSecret,
        ...(options.captchaScore !== undefined && { score: options.captchaScore }),
      }).then((s) => track(s, 'reCAPTCHA stub')),
      startMailOutbox({ port: ports.mail, dataDir }).then((s) => track(s, 'Mail outbox')),
      startStripeEmulator({
        port: ports.stripe,
        dataDir: path.join(dataDir, 'stripe'),
        secretKey: LOCAL_SECRETS.stripeSecretKey,
        webhookSecret: LOCAL_SECRETS.stripeWebhookSecret,
      }).then((s) => track(s, 'Stripe emulator')),
      startContentApi({ port: ports.content, ...LOCAL_CONTENT }).then((s) =>
        track(s, 'Content API (bundled dataset)'),
      ),
    ]);

    deliverCode = async (code) => {
      await mail.deliver(await customMessageMail(code));
    };
    const gatewayPort = ports.gateway;
    const env = functionEnvironment(
      {
        app: appOrigin,
        dynamo: dynamo.url,
        s3: s3.url,
        cognito: cognito.url,
        stripe: stripe.url,
        captcha: captcha.url,
      },
      {
        SES_ENDPOINT: mail.url,
        COGNITO_USER_POOL_ID: cognito.userPoolId,
        COGNITO_CLIENT_ID: cognito.clientId,
      },
    );
    Object.assign(process.env, env);

    const gateway = track(
      await startGateway({
        port: gatewayPort,
        jwt: { issuer: cognito.issuer, jwksUrl: cognito.jwksUrl, audience: cognito.clientId },
      }),
      'API gateway',
    );
    stripe.setWebhookUrl(`${gateway.url}/webhooks/stripe`);

    let appUrl = appOrigin;
    if (options.web) {
      const { startWebDevServer } = await import('./web-dev-server');
      const web = track(
        await startWebDevServer({
          port: ports.app,
          gatewayOrigin: new URL(gateway.url).origin,
          env: {
            VITE_CAPTCHA_SITE_KEY: LOCAL_SECRETS.captchaSiteKey,
            VITE_CAPTCHA_SCRIPT_URL: `${captcha.url}/recaptcha/api.js`,
            VITE_COGNITO_ENDPOINT: cognito.url,
            VITE_COGNITO_USER_POOL_ID: cognito.userPoolId,
            VITE_COGNITO_CLIENT_ID: cognito.clientId,
            VITE_SANITY_API_HOST: content.url,
            VITE_SANITY_PROJECT_ID: content.projectId,
            VITE_SANITY_DATASET: content.dataset,
            ...options.webEnv,
          },
        }),
        'Web app (Vite)',
      );
      appUrl = web.url;
    }

    return {
      urls: {
        app: appUrl,
        api: gateway.url,
        mailbox: mail.url,
        dynamo: dynamo.url,
        s3: s3.url,
        cognito: cognito.url,
        stripe: stripe.url,
        captcha: captcha.url,
        content: content.url,
      },
      captcha,
      cognito: { userPoolId: cognito.userPoolId, clientId: cognito.clientId },
      tableNames: dynamo.tableNames,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
