/**
 * The cold-start bench's invocations: for each request-path function (one per route group) and for
 * resize, a sample event from `events/` made live on the bench stack (its ids, the origin-verify
 * secret CloudFront adds, a fresh captcha token, a signed Stripe delivery), and the check that the
 * answer is that route's success, not an early error. The samples keep placeholder ids; each is
 * swapped for this stack's as text, so the event keeps the sample's shape exactly.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { CAPTCHA_ACTIONS } from '#shared/rules/constants';
import type { RouteGroup } from '#shared/contract/routes';
import { getPhoto, listGalleryPhotos } from '../../functions/domains/galleries/photo-store';
import { getUser } from '../../functions/domains/sellers/seller-store';
import { s3 } from '../../functions/lib/s3';
import { objectKeys } from '#shared/platform/storage-layout';
import { ORIGIN_VERIFY_SECRET_VARIABLE } from '#shared/platform/origin-verify-header';
import { captchaToken } from '@shutterlane/harness/local-stack';
import type { BenchStack } from '@shutterlane/harness/bench-stack';

/** The placeholder values the samples carry, each replaced by this stack's. */
const SAMPLE = {
  orderId: 'Q2x8xHn0b2Vj7kq1Yw3ZtA',
  galleryId: '0mfx2k3l9abcDEF123',
  photoId: 'photo123abc',
  sellerId: '3f1c9a2e-7b4d-4e8a-9c1f-2d5e6a7b8c9d',
  originSecret: 'the-origin-verify-secret-cloudfront-adds',
  captchaToken: 'token-from-grecaptcha',
  clientFileId: 'IMG_0412.jpg-8388608-1795254000000',
  stripeAccount: 'acct_1SampleSeller0001',
  stripeEventId: 'evt_1SampleAccountUpdated',
  originalsBucket: 'shutterlane-originals',
  publicId: 'PublicGallery0001',
  previewSecret: 'SampleFolderSecret0001',
  logoId: 'SampleSellerLogo0001',
} as const;
type SampleKey = keyof typeof SAMPLE;

export type ColdStartFunction = RouteGroup | 'resize';

/** What every invocation reads from the stack, found once. */
export interface LiveStack {
  env: BenchStack;
  /** The function's environment (its bucket names...), as its process gets it. */
  functionEnv: (name: ColdStartFunction) => Record<string, string>;
  originSecret: string;
  stripeAccount: string;
  connectWebhookSecret: string;
  /** A demo photo whose original the resize run processes. */
  photoId: string;
  /** The demo seller's logo, which the branding function's public route redirects to. */
  logoId: string;
}

export interface ColdStartCase {
  name: ColdStartFunction;
  /** The sample in events/, as the report names it. */
  sample: string;
  /** What the invocation does, for the report. */
  route: string;
  /** A live event for one fresh process (tokens are single-use, so each run gets its own). */
  event(live: LiveStack): Promise<unknown>;
  /** Undefined when the answer is the route's success; otherwise what is wrong with it. */
  check(result: unknown, live: LiveStack): Promise<string | undefined>;
}

async function sampleText(file: string): Promise<string> {
  return readFile(path.resolve('events', file), 'utf8');
}

/** The sample with each placeholder named in `values` replaced (in the body's JSON string too). */
function withValues(text: string, values: Partial<Record<SampleKey, string>>): unknown {
  let live = text;
  for (const [key, value] of Object.entries(values) as [SampleKey, string][])
    live = live.replaceAll(SAMPLE[key], value);
  const event = JSON.parse(live) as { requestContext?: { requestId?: string; timeEpoch?: number } };
  if (event.requestContext?.requestId) {
    event.requestContext.requestId = randomUUID();
    event.requestContext.timeEpoch = Date.now();
  }
  return event;
}

/** A seller's request: the demo seller's claims, the origin secret, the stack's gallery and order. */
async function sellerEvent(file: string, live: LiveStack, extra: Partial<Record<SampleKey, string>> = {}) {
  return withValues(await sampleText(file), {
    sellerId: live.env.seed.sellerId,
    originSecret: live.originSecret,
    galleryId: live.env.seed.galleryId,
    orderId: live.env.seed.orders.paid,
    ...extra,
  });
}

async function customerEvent(file: string, live: LiveStack, orderId: string, action: string) {
  return withValues(await sampleText(file), {
    originSecret: live.originSecret,
    orderId,
    captchaToken: await captchaToken(live.env.stack.urls.captcha, action),
  });
}

interface HttpAnswer {
  statusCode?: number;
  body?: string;
}

/** The JSON body of a 2xx answer, or why it is not one. */
function okBody(result: unknown, status = 200): Record<string, unknown> | string {
  const answer = result as HttpAnswer | undefined;
  if (answer?.statusCode !== status) return `answered ${answer?.statusCode}: ${answer?.body?.slice(0, 200)}`;
  return JSON.parse(answer.body ?? 'null') as Record<string, unknown>;
}

const expectBody =
  (predicate: (body: Record<string, unknown>, live: LiveStack) => boolean, status = 200) =>
  (result: unknown, live: LiveStack): Promise<string | undefined> => {
    const body = okBody(result, status);
    if (typeof body === 'string') return Promise.resolve(body);
    return Promise.resolve(
      predicate(body, live) ? undefined : `unexpected body ${JSON.stringify(body).slice(0, 200)}`,
    );
  };

/** Stripe's `Stripe-Signature` header for this payload (scheme v1: HMAC-SHA256 of `t.payload`). */
function stripeSignature(payload: string, secret: string): string {
  const timestamp = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** The webhook delivery: a Connect `account.updated` for the demo seller, a new event id each run. */
async function webhookEvent(live: LiveStack): Promise<unknown> {
  const event = (await sellerEvent('api-gateway/stripe-webhook.json', live, {
    stripeAccount: live.stripeAccount,
    stripeEventId: `evt_bench${randomUUID().replaceAll('-', '')}`,
  })) as { body: string; headers: Record<string, string> };
  event.headers['stripe-signature'] = stripeSignature(event.body, live.connectWebhookSecret);
  return event;
}

const thumbnailKey = (live: LiveStack) => objectKeys.thumbnail(live.env.seed.galleryId, live.photoId);

async function objectExists(bucket: string, key: string): Promise<boolean> {
  try {
    await s3().send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return true;
  } catch {
    return false;
  }
}

/** The S3 notification for a demo original; its thumbnail is removed first so the run must write it. */
async function resizeEvent(live: LiveStack): Promise<unknown> {
  const { DERIVED_BUCKET, ORIGINALS_BUCKET } = live.functionEnv('resize');
  await s3().send(new DeleteObjectCommand({ Bucket: DERIVED_BUCKET, Key: thumbnailKey(live) }));
  return withValues(await sampleText('s3/original-created.json'), {
    galleryId: live.env.seed.galleryId,
    photoId: live.photoId,
    originalsBucket: ORIGINALS_BUCKET!,
  });
}

async function resizeCheck(result: unknown, live: LiveStack): Promise<string | undefined> {
  if (result !== null && result !== undefined) return `returned ${JSON.stringify(result)}`;
  const { DERIVED_BUCKET } = live.functionEnv('resize');
  if (!(await objectExists(DERIVED_BUCKET!, thumbnailKey(live)))) return 'no thumbnail written';
  const photo = await getPhoto(live.env.seed.galleryId, live.photoId);
  return photo?.status === 'READY' ? undefined : `photo is ${photo?.status}`;
}

export const COLD_START_CASES: ColdStartCase[] = [
  {
    name: 'public-orders',
    sample: 'api-gateway/public-order.json',
    route:
      'POST /public/orders/{orderId}, the paid demo order (captcha, order, signed thumbnails, the Checkout Session kept on the order)',
    event: (live) =>
      customerEvent(
        'api-gateway/public-order.json',
        live,
        live.env.seed.orders.paid,
        CAPTCHA_ACTIONS.publicOrderCheck,
      ),
    check: expectBody((body, live) => body.orderId === live.env.seed.orders.paid && !!body.stripeCheckoutUrl),
  },
  {
    name: 'checkout',
    sample: 'api-gateway/validate-checkout.json',
    route: 'POST /orders/{orderId}/validate-checkout, the free demo order',
    event: (live) =>
      customerEvent(
        'api-gateway/validate-checkout.json',
        live,
        live.env.seed.orders.free,
        CAPTCHA_ACTIONS.validateCheckout,
      ),
    check: expectBody(
      (body) => typeof (body.orderDetails as { sessionId?: unknown })?.sessionId === 'string',
    ),
  },
  {
    name: 'stripe-webhook',
    sample: 'api-gateway/stripe-webhook.json (events/stripe/account-updated.json)',
    route: 'POST /webhooks/stripe, a signed Connect account.updated (account read back, seller saved)',
    event: webhookEvent,
    check: expectBody((body) => body.received === true),
  },
  {
    name: 'users',
    sample: 'api-gateway/current-user.json',
    route: 'GET /users, the demo seller',
    event: (live) => sellerEvent('api-gateway/current-user.json', live),
    check: expectBody((body, live) => body.email === live.env.demo.seller.email),
  },
  {
    name: 'connect',
    sample: 'api-gateway/connect-status.json',
    route: 'GET /connect/status (account read from Stripe)',
    event: (live) => sellerEvent('api-gateway/connect-status.json', live),
    check: expectBody((body) => typeof body.status === 'string'),
  },
  {
    name: 'billing',
    sample: 'api-gateway/billing-portal.json',
    route: 'POST /billing/portal (a Stripe billing portal session)',
    event: (live) => sellerEvent('api-gateway/billing-portal.json', live),
    check: expectBody((body) => typeof body.url === 'string'),
  },
  {
    name: 'galleries',
    sample: 'api-gateway/get-gallery.json',
    route: 'GET /galleries/{galleryId}, the demo gallery',
    event: (live) => sellerEvent('api-gateway/get-gallery.json', live),
    check: expectBody((body, live) => body.galleryId === live.env.seed.galleryId),
  },
  {
    name: 'uploads',
    sample: 'api-gateway/create-uploads.json',
    route: 'POST /galleries/{galleryId}/uploads, one signed upload URL',
    event: (live) => sellerEvent('api-gateway/create-uploads.json', live, { clientFileId: randomUUID() }),
    check: expectBody((body) => (body.uploads as unknown[] | undefined)?.length === 1),
  },
  {
    name: 'orders',
    sample: 'api-gateway/get-order.json',
    route: 'GET /orders/{orderId}, the paid demo order',
    event: (live) => sellerEvent('api-gateway/get-order.json', live),
    check: expectBody((body, live) => body.orderId === live.env.seed.orders.paid),
  },
  {
    name: 'public-galleries',
    sample: 'api-gateway/public-gallery.json',
    route:
      'POST /public/galleries/{publicId}, the demo public gallery (its first page of photos and their preview paths)',
    event: async (live) =>
      withValues(await sampleText('api-gateway/public-gallery.json'), {
        originSecret: live.originSecret,
        publicId: live.env.seed.publicGallery!.publicId,
      }),
    check: expectBody((body, live) => body.publicId === live.env.seed.publicGallery!.publicId),
  },
  {
    name: 'previews',
    sample: 'api-gateway/preview.json',
    route:
      'GET /previews/{publicId}/{closes}/{secret}/{photoId}/{size}, a grid preview of the demo gallery (CloudFront’s failover: made, stored, answered)',
    event: async (live) => {
      const publicId = live.env.seed.publicGallery!.publicId;
      const view = await fetch(`${live.env.demo.apiUrl}/public/galleries/${publicId}`, {
        method: 'POST',
        body: '{}',
      });
      const [, , , , secret, photoId] = (
        (await view.json()) as { photos: { gridUrl: string }[] }
      ).photos[0]!.gridUrl.split('/');
      return withValues(await sampleText('api-gateway/preview.json'), {
        originSecret: live.originSecret,
        publicId,
        previewSecret: secret!,
        photoId: photoId!,
      });
    },
    check: (result) => {
      const answer = result as {
        statusCode?: number;
        headers?: Record<string, string>;
        isBase64Encoded?: boolean;
      };
      return Promise.resolve(
        answer.statusCode === 200 &&
          answer.headers?.['content-type'] === 'image/webp' &&
          answer.isBase64Encoded
          ? undefined
          : `unexpected answer ${JSON.stringify(answer).slice(0, 200)}`,
      );
    },
  },
  {
    name: 'branding',
    sample: 'api-gateway/seller-logo.json',
    route: "GET /logos/{logoId}, the demo seller's logo (a redirect to its signed URL)",
    event: async (live) =>
      withValues(await sampleText('api-gateway/seller-logo.json'), {
        originSecret: live.originSecret,
        logoId: live.logoId,
      }),
    check: (result) => {
      const answer = result as { statusCode?: number; headers?: Record<string, string> };
      return Promise.resolve(
        answer.statusCode === 302 && answer.headers?.location?.includes('/logos/')
          ? undefined
          : `unexpected answer ${JSON.stringify(answer).slice(0, 200)}`,
      );
    },
  },
  {
    name: 'content',
    sample: 'api-gateway/content-query.json',
    route: 'GET /content/{apiVersion}/data/query/{dataset}, the ten latest posts',
    event: async (live) =>
      withValues(await sampleText('api-gateway/content-query.json'), { originSecret: live.originSecret }),
    check: expectBody((body) => Array.isArray(body.result) && body.result.length > 0),
  },
  {
    name: 'resize',
    sample: 's3/original-created.json',
    route:
      'S3 ObjectCreated for a demo original, a 2.2 MP JPEG (thumbnail and 2048 px copy written, photo READY)',
    event: resizeEvent,
    check: resizeCheck,
  },
];

/** What the invocations need from the stack, read once. */
export async function liveStack(
  env: BenchStack,
  functionEnv: (name: ColdStartFunction) => Record<string, string>,
): Promise<LiveStack> {
  const someEnv = functionEnv('public-orders');
  const secrets = new SecretsManagerClient({ endpoint: someEnv.SECRETSMANAGER_ENDPOINT! });
  const secret = await secrets.send(
    new GetSecretValueCommand({ SecretId: someEnv[ORIGIN_VERIFY_SECRET_VARIABLE]! }),
  );
  const seller = await getUser(env.seed.sellerId);
  if (!seller?.stripeAccountId) throw new Error('The demo seller has no Stripe account');
  if (!seller.logo) throw new Error('The demo seller has no logo');
  const endpoints = await fetch(`${env.stack.urls.stripe}/__control/webhook-endpoints`);
  const { data } = (await endpoints.json()) as { data: { url: string; connect: boolean; secret: string }[] };
  const connect = data.find((endpoint) => endpoint.connect && endpoint.url.endsWith('/webhooks/stripe'));
  if (!connect) throw new Error('No Connect webhook endpoint on the Stripe emulator');
  const photos = await listGalleryPhotos(env.seed.galleryId);
  const photo = photos.find((candidate) => candidate.status === 'READY');
  if (!photo) throw new Error('The demo gallery has no processed photo');
  return {
    env,
    functionEnv,
    originSecret: secret.SecretString!,
    stripeAccount: seller.stripeAccountId,
    connectWebhookSecret: connect.secret,
    photoId: photo.photoId,
    logoId: seller.logo.logoId,
  };
}
