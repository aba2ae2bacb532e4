/**
 * Configuration of the functions, read from the environment once per concern and checked with zod,
 * so a missing value fails loudly at the first use in a cold start. Locally the stand-ins' endpoints
 * are set by local; in AWS the CDK stacks set the names and leave the endpoints unset. Secrets are
 * never here: the environment names each secret (`*_SECRET_ID`, its name or ARN) and secrets.ts reads
 * the value from Secrets Manager when it is first needed.
 */
import * as z from 'zod/mini';
import {
  CAPTCHA_DEFAULT_MIN_SCORE,
  CUSTOMER_URL_TTL_SECONDS,
  ORDER_AVAILABLE_DAYS,
  SIGNED_URL_TTL_SECONDS,
} from '#shared/rules/constants';

const optionalUrl = z.optional(z.url());

/**
 * A Secrets Manager secret's name or ARN (the characters Secrets Manager allows in a name), so a value
 * or a `{{resolve:...}}` reference put here by mistake is refused at the first read.
 */
const secretId = z
  .string()
  .check(z.regex(/^(arn:[\w-]+:secretsmanager:[\w-]+:\d{12}:secret:)?[\w/+=.@-]{1,512}$/));

function memo<T>(read: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= read());
}

function parse<S extends z.ZodMiniType>(name: string, schema: S): () => z.infer<S> {
  return memo(() => {
    const result = schema.safeParse(process.env);
    if (!result.success) {
      const fields = result.error.issues.map((i) => i.path.join('.')).join(', ');
      throw new Error(`Invalid ${name} configuration in the environment: ${fields}`);
    }
    return result.data;
  });
}

export const awsEnv = parse(
  'AWS',
  z.object({
    AWS_REGION: z._default(z.string(), 'eu-west-2'),
    /** Set locally to dynalite's URL. */
    DYNAMODB_ENDPOINT: optionalUrl,
    /** Set locally to the S3 stand-in's URL (path-style addressing). */
    S3_ENDPOINT: optionalUrl,
    /** Set locally to the SQS stand-in's URL. */
    SQS_ENDPOINT: optionalUrl,
  }),
);

export const tablesEnv = parse(
  'tables',
  z.object({
    USERS_TABLE: z.string(),
    INVITES_TABLE: z.string(),
    GALLERIES_TABLE: z.string(),
    PHOTOS_TABLE: z.string(),
    ORDERS_TABLE: z.string(),
    EVENTS_TABLE: z.string(),
    PUBLIC_GALLERIES_TABLE: z.string(),
    FACES_TABLE: z.string(),
    HIDING_TABLE: z.string(),
    SALES_COUNTERS_TABLE: z.string(),
  }),
);

export const bucketsEnv = parse(
  'buckets',
  z.object({ ORIGINALS_BUCKET: z.string(), DERIVED_BUCKET: z.string() }),
);

/** The background jobs' queues (storage-layout.ts QUEUES): their URLs. */
export const queuesEnv = parse(
  'queues',
  z.object({ FACES_QUEUE_URL: z.url(), PREVIEW_JOBS_QUEUE_URL: z.url() }),
);

/**
 * How many READY photo ids a walk over a gallery's photos reads per step (functions/domains/galleries/photo-walk.ts).
 * Never set in a deployment: the default holds. The local test stacks set a small page, so a gallery of a
 * few photos takes several steps.
 */
export const photoWalkEnv = parse(
  'photo walk',
  z.object({
    PHOTO_WALK_PAGE_SIZE: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1000)), 200),
  }),
);

export const captchaEnv = parse(
  'captcha',
  z.object({
    /** The reCAPTCHA secret key's secret. */
    CAPTCHA_SECRET_ID: secretId,
    CAPTCHA_VERIFY_URL: z._default(z.url(), 'https://www.google.com/recaptcha/api/siteverify'),
    CAPTCHA_MIN_SCORE: z._default(
      z.coerce.number().check(z.minimum(0), z.maximum(1)),
      CAPTCHA_DEFAULT_MIN_SCORE,
    ),
    /** Comma-separated host names the token must have been issued on. */
    CAPTCHA_HOSTNAMES: z.string().check(z.minLength(1)),
  }),
);

export const appEnv = parse(
  'app',
  z.object({
    /** The SPA's public origin, for links in emails and Stripe return URLs. */
    APP_URL: z.url(),
    SUPPORT_EMAIL: z._default(z.string(), 'support@shutterlane.com'),
  }),
);

/**
 * How long a customer's download URLs live. Never set in a deployment (the templates leave it out: the
 * default holds); the end-to-end stack lowers it so a test can see URLs stop working after a refund.
 */
export const customerUrlEnv = parse(
  'customer URLs',
  z.object({
    CUSTOMER_URL_TTL_SECONDS: z._default(
      z.coerce.number().check(z.int(), z.minimum(5), z.maximum(SIGNED_URL_TTL_SECONDS)),
      CUSTOMER_URL_TTL_SECONDS,
    ),
  }),
);

/**
 * How long a warm function reuses a seller's business name and logo on the customers' pages
 * (functions/domains/sellers/seller-brand.ts). Never set in a deployment: the default holds. The local test stacks
 * set 0, so a test that changes the brand sees it at once.
 */
export const sellerBrandEnv = parse(
  'seller brand',
  z.object({
    SELLER_BRAND_CACHE_SECONDS: z._default(
      z.coerce.number().check(z.int(), z.minimum(0), z.maximum(3600)),
      60,
    ),
  }),
);

/** What every function that calls Stripe needs. */
export const stripeEnv = parse(
  'Stripe',
  z.object({
    /** The Stripe secret key's secret. */
    STRIPE_SECRET_KEY_SECRET_ID: secretId,
    /** Set locally to the Stripe emulator's URL. */
    STRIPE_API_URL: optionalUrl,
  }),
);

/**
 * The webhook endpoints' signing secrets, needed only by the function that receives Stripe's events
 * (so the others are neither named nor granted them). `npm run stripe:setup` creates both endpoints and
 * prints their signing secrets, which the operator stores in Secrets Manager.
 */
export const stripeWebhookEnv = parse(
  'Stripe webhook',
  z.object({
    /** The platform endpoint's signing secret: events on our own account. */
    STRIPE_WEBHOOK_SECRET_ID: secretId,
    /**
     * The Connect endpoint's signing secret: events on the sellers' connected accounts (`account.updated`).
     * Optional for now: without it those events are checked with the platform endpoint's secret.
     */
    STRIPE_CONNECT_WEBHOOK_SECRET_ID: z.optional(secretId),
  }),
);

export const cognitoEnv = parse(
  'Cognito',
  z.object({
    COGNITO_USER_POOL_ID: z.string(),
    COGNITO_CLIENT_ID: z.string(),
    /** Set locally to the cognito-local compatibility proxy. */
    COGNITO_ENDPOINT: optionalUrl,
  }),
);

export const mailEnv = parse(
  'mail',
  z.object({
    MAIL_FROM: z._default(z.string(), 'Shutterlane <orders@shutterlane.com>'),
    /** Set locally to the mail outbox (it speaks SES v2 SendEmail). */
    SES_ENDPOINT: optionalUrl,
  }),
);

/** Order rules that may differ per deployment. Read where orders are created: the expiry is stored then. */
export const ordersEnv = parse(
  'orders',
  z.object({
    ORDER_AVAILABLE_DAYS: z._default(
      z.coerce.number().check(z.int(), z.minimum(1), z.maximum(365)),
      ORDER_AVAILABLE_DAYS,
    ),
  }),
);

/** The key paging tokens are sealed with: a secret the data stack generates, or one named in the settings. */
export const pagingEnv = parse('paging', z.object({ PAGING_TOKEN_SECRET_ID: secretId }));

/** The secret CloudFront sends in X-Origin-Verify: generated by the API stack, or named in the settings. */
export const originVerifyEnv = parse('origin verify', z.object({ ORIGIN_VERIFY_SECRET_ID: secretId }));

export const secretsManagerEnv = parse(
  'Secrets Manager',
  z.object({
    /** Set locally to the Secrets Manager stand-in's URL. */
    SECRETSMANAGER_ENDPOINT: optionalUrl,
  }),
);

/**
 * The content API's bundled dataset: where it was packaged (relative to the function's package root,
 * LAMBDA_TASK_ROOT, which Lambda sets for every function) and the project and dataset it answers for.
 */
export const contentEnv = parse(
  'content',
  z.object({
    LAMBDA_TASK_ROOT: z.string().check(z.minLength(1)),
    CONTENT_DATASET_DIR: z.string().check(z.minLength(1)),
    CONTENT_PROJECT_ID: z.string().check(z.minLength(1)),
    CONTENT_DATASET: z.string().check(z.minLength(1)),
  }),
);
