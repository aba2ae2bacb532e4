/**
 * S24: every call with a human check (the order calls, a pick in a public gallery, the public account
 * calls, and a public gallery's PIN typed after too many wrong ones) refuses a missing token with 400 and a
 * made-up one, one for another action, one from another site, one scored 0.3 and one used before with 403,
 * and then nothing is created, sent, changed, counted or asked of Stripe. The same call with a good token
 * does its work (the control). The account calls moved here from test/integration/accounts-privacy.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_ACTIONS } from '#shared/rules/constants';
import { serverErrors, signUpErrors } from '#shared/texts/errors';
import { publicGalleryErrors } from '#shared/texts/public-gallery-errors';
import { PIN_ATTEMPTS } from '#shared/rules/pin-attempts';
import { PublicGalleryView } from '#shared/schemas/public-gallery';
import { OpenedOrder } from '#shared/schemas/order';
import { getOrder, listSellerOrders } from '../../functions/domains/orders/order-store';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { freshOrder, mailTo, uniqueEmail } from '../integration/checkout-helpers';
import { pinCounts, pinGallery, RIGHT_PIN, setPinCounts } from '@shutterlane/harness/public-gallery-pins';
import { newSeller } from '@shutterlane/harness/seller-tools-helpers';
import {
  checked,
  GUARDED,
  post,
  refusedTokens,
  useAccountStack,
  type Body,
  type CaptchaAction,
} from './support/account-calls';
import { stripeCallProbe } from './support/stripe-cases';

const env = useTestStack();
/** What a fulfilled order's entry may carry before the human check: thumbnails and sizes. */
const PREVIEW_KEYS = new Set(['thumbnailUrl', 'thumbnailWebpUrl', 'gridWebpUrl', 'width', 'height']);
beforeAll(async () => {
  useAccountStack(env);
});

describe('S24 the human check of the order calls', () => {
  interface OrderCall {
    action: CaptchaAction;
    prepare(): Promise<{ path: string; body: Body; changed(): Promise<boolean>; success: number }>;
  }
  const ORDER_CALLS: Record<string, OrderCall> = {
    publicOrder: {
      action: CAPTCHA_ACTIONS.publicOrderCheck,
      prepare: async () => {
        // A paid order: a passed check would make its Stripe session.
        const order = await freshOrder(env, { orderType: 'PAID_ORDER', totalMinor: 1500 });
        return {
          path: `/public/orders/${order.orderId}`,
          body: {},
          changed: async () => (await getOrder(order.orderId))?.checkoutSessionId !== undefined,
          success: 200,
        };
      },
    },
    fulfilledOrder: {
      action: CAPTCHA_ACTIONS.publicOrderCheck,
      prepare: async () => ({
        path: `/public/orders/${env.demo.orders.fulfilled.id}/photos`,
        body: {},
        changed: async () => false,
        success: 200,
      }),
    },
    validateCheckout: {
      action: CAPTCHA_ACTIONS.validateCheckout,
      prepare: async () => {
        const order = await freshOrder(env);
        const customerEmail = uniqueEmail('s24-validate');
        return {
          path: `/orders/${order.orderId}/validate-checkout`,
          body: { customerEmail },
          changed: async () => (await getOrder(order.orderId))?.customerEmail === customerEmail,
          success: 200,
        };
      },
    },
    completeCheckout: {
      action: CAPTCHA_ACTIONS.completeCheckout,
      prepare: async () => {
        const order = await freshOrder(env);
        const customerEmail = uniqueEmail('s24-complete');
        const validated = await checked(
          `/orders/${order.orderId}/validate-checkout`,
          CAPTCHA_ACTIONS.validateCheckout,
          {
            customerEmail,
          },
        );
        const sessionId = (validated.body as { orderDetails: { sessionId: string } }).orderDetails.sessionId;
        return {
          path: `/orders/${order.orderId}/complete-checkout`,
          body: { sessionId },
          changed: async () =>
            (await getOrder(order.orderId))?.status !== 'PENDING' ||
            (await mailTo(env, customerEmail)).length > 0,
          success: 200,
        };
      },
    },
    /**
     * A pick in the demo public gallery: a passed check would make an order. Index reads lag (as in AWS),
     * so the seller's newest orders are read once that lag has passed.
     */
    publicGalleryOrder: {
      action: CAPTCHA_ACTIONS.publicGalleryOrder,
      prepare: async () => {
        const publicId = env.demo.publicGallery!.id;
        const view = PublicGalleryView.parse((await post(`/public/galleries/${publicId}`, {})).body);
        const { sellerId } = (await getOrder(env.demo.orders.paid.id))!;
        const since = new Date().toISOString();
        return {
          path: `/public/galleries/${publicId}/orders`,
          body: { photoIds: [view.photos[0]!.photoId] },
          changed: async () => {
            await new Promise((resolve) => setTimeout(resolve, 1_000));
            const { orders } = await listSellerOrders(sellerId, 20, undefined);
            return orders.some((order) => order.publicId === publicId && order.createdAt >= since);
          },
          success: 201,
        };
      },
    },
  };

  for (const [name, call] of Object.entries(ORDER_CALLS)) {
    it(`S24 ${name}: a missing token is a 400 and a refused one a 403, changing nothing; a good one works`, async () => {
      const { path, body, changed, success } = await call.prepare();
      const refused = Object.entries(refusedTokens(call.action));
      const tokens = await Promise.all(refused.map(async ([kind, make]) => [kind, await make()] as const));
      const probe = await stripeCallProbe(env);
      try {
        for (const missing of [body, { ...body, captchaToken: '' }]) {
          expect(await post(path, missing)).toEqual({
            status: 400,
            body: { message: `captchaToken: ${serverErrors.captchaMissing}` },
          });
        }
        for (const [kind, captchaToken] of tokens) {
          const answer = await post(path, { ...body, captchaToken });
          expect(answer, kind).toEqual({ status: 403, body: { message: serverErrors.captchaFailed } });
        }
        expect(await probe.calls()).toBe(0);
      } finally {
        await probe.stop();
      }
      expect(await changed()).toBe(false);
      const good = await checked(path, call.action, body);
      expect(good.status, JSON.stringify(good.body)).toBe(success);
    });
  }
});

/**
 * The order page's one call checks the token it is given, like every call above, but asks for one only
 * to sign photos: an order waiting for payment opens without one (docs/decisions.md, "One call opens an
 * order").
 */
describe("S24 the human check of the order page's one call", () => {
  it('S24 openOrder: a refused token is a 403 changing nothing, an empty one a 400; without one, only thumbnails are signed', async () => {
    const order = await freshOrder(env, { orderType: 'PAID_ORDER', totalMinor: 1500 });
    const path = `/public/orders/${order.orderId}/open`;
    const refused = Object.entries(refusedTokens(CAPTCHA_ACTIONS.publicOrderCheck));
    const tokens = await Promise.all(refused.map(async ([kind, make]) => [kind, await make()] as const));
    const probe = await stripeCallProbe(env);
    try {
      expect(await post(path, { captchaToken: '' })).toEqual({
        status: 400,
        body: { message: `captchaToken: ${serverErrors.captchaMissing}` },
      });
      for (const [kind, captchaToken] of tokens) {
        const answer = await post(path, { captchaToken });
        expect(answer, kind).toEqual({ status: 403, body: { message: serverErrors.captchaFailed } });
      }
      expect(await probe.calls()).toBe(0);
    } finally {
      await probe.stop();
    }
    expect((await getOrder(order.orderId))?.checkoutSessionId).toBeUndefined();
    const fulfilled = `/public/orders/${env.demo.orders.fulfilled.id}/open`;
    // Without a token, the thumbnails only: no photo (original, 2048 px copy) is signed.
    const unchecked = await post(fulfilled, {});
    expect(unchecked.body).toMatchObject({ kind: 'preview' });
    const preview = OpenedOrder.parse(unchecked.body);
    if (preview.kind !== 'preview') throw new Error(`expected preview, got ${preview.kind}`);
    for (const entry of Object.values(preview.order.photoUrls))
      expect(Object.keys(entry).filter((key) => !PREVIEW_KEYS.has(key))).toEqual([]);
    const good = await checked(fulfilled, CAPTCHA_ACTIONS.publicOrderCheck, {});
    expect(good.body).toMatchObject({ kind: 'photos' });
    // Waiting for payment: no check needed, the way to pay is given.
    expect((await post(path, {})).body).toMatchObject({
      kind: 'steps',
      order: { nextStep: 'REDIRECT_TO_STRIPE' },
    });
  });
});

describe('S24 the human check of the account calls', () => {
  for (const [name, call] of Object.entries(GUARDED)) {
    it(`S24 ${name}: a missing token is a 400 and a refused one a 403, changing nothing; a good one works`, async () => {
      const { body, changed } = await call.prepare();
      expect(await post(call.path, body)).toEqual({
        status: 400,
        body: { message: `captchaToken: ${serverErrors.captchaMissing}` },
      });
      expect(await post(call.path, { ...body, captchaToken: '' })).toEqual({
        status: 400,
        body: { message: `captchaToken: ${serverErrors.captchaMissing}` },
      });
      for (const [kind, refused] of Object.entries(refusedTokens(call.action))) {
        const answer = await post(call.path, { ...body, captchaToken: await refused() });
        expect(answer, kind).toEqual({ status: 403, body: { message: signUpErrors.robotCheckFailed } });
      }
      expect(await changed()).toBe(false);

      expect(await checked(call.path, call.action, body)).toEqual(call.success);
      await expect.poll(changed, { timeout: 5000 }).toBe(true);
    });
  }
});

describe('S24 the human check of a PIN typed after too many wrong ones', () => {
  it('S24 publicGallery: a missing token is a 400 and a refused one a 403, counting and opening nothing; a good one works', async () => {
    const seller = await newSeller(env);
    const { publicId } = await pinGallery(env, seller);
    // Past the free streak, the delay over: the next PIN needs the human check.
    const guarded = {
      pinFailures: 12,
      pinStreak: PIN_ATTEMPTS.freeStreak + 2,
      pinLastFailureAt: Date.now() - PIN_ATTEMPTS.maxDelayMs,
    };
    await setPinCounts(publicId, guarded);
    for (const missing of [{ pin: RIGHT_PIN }, { pin: RIGHT_PIN, captchaToken: '' }])
      expect(await post(`/public/galleries/${publicId}`, missing)).toEqual({
        status: 400,
        body: { message: publicGalleryErrors.pinCheckNeeded },
      });
    for (const [kind, refused] of Object.entries(refusedTokens(CAPTCHA_ACTIONS.publicGalleryPin))) {
      const answer = await post(`/public/galleries/${publicId}`, {
        pin: RIGHT_PIN,
        captchaToken: await refused(),
      });
      expect(answer, kind).toEqual({ status: 403, body: { message: serverErrors.captchaFailed } });
    }
    expect(await pinCounts(publicId)).toMatchObject({ ...guarded, pinCheckUntil: undefined });

    const good = await checked(`/public/galleries/${publicId}`, CAPTCHA_ACTIONS.publicGalleryPin, {
      pin: RIGHT_PIN,
    });
    expect(good.status).toBe(200);
    expect((await pinCounts(publicId)).pinStreak).toBe(0);
  });
});
