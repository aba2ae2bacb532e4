/**
 * Payment acceptance through the local stack: onboarding needs the Advanced plan's entitlement (clear 4xx
 * otherwise, nothing created), creates one account (controller properties: Express Dashboard, Stripe liable
 * for its losses) however often it is asked, returns to the
 * dashboard with the spec's flags, and the status follows the account (pending, restricted, active) with
 * a dashboard login link; a paid order is refused until the seller can take charges, then a customer pays it.
 */
import { describe, expect, it } from 'vitest';
import { CONNECTED_ACCOUNT_CONTROLLER } from '../../functions/connect/account-config';
import { getOrder } from '../../functions/domains/orders/order-store';
import { getUser } from '../../functions/domains/sellers/seller-store';
import { paymentServerErrors } from '#shared/texts/payment-errors';
import { sellerToolErrors } from '#shared/texts/seller-tools-errors';
import { applicationFeeMinor } from '#shared/rules/money';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { checkoutCalls } from './checkout-helpers';
import { control, payCheckout, stripeOf, submitForm, waitForUser } from './payments-helpers';
import {
  call,
  createGallery,
  jpeg,
  newSeller,
  uploadFiles,
  waitForPhotos,
  type Seller,
} from '@shutterlane/harness/seller-tools-helpers';

const env = useTestStack();

const status = async (seller: Seller) => (await call(env, seller, 'GET', '/connect/status')).body;
const onboard = (seller: Seller) => call(env, seller, 'POST', '/connect/onboarding', {});

/** A seller on the Advanced plan (through Checkout on the emulator and the subscription webhooks). */
async function advancedSeller(): Promise<Seller> {
  const seller = await newSeller(env);
  const answer = await call(env, seller, 'POST', '/billing/checkout', { plan: 'advanced' });
  await payCheckout(String(answer.body.url));
  await waitForUser(env, seller, (user) => user.entitlements.paymentAcceptanceEnabled);
  return seller;
}

async function paidOrder(seller: Seller, galleryId: string, photoIds: string[]) {
  return call(env, seller, 'POST', '/orders', { galleryId, photoIds, total: 12.5, currency: 'GBP' });
}

async function readyPhoto(seller: Seller) {
  const galleryId = await createGallery(env, seller);
  const photoIds = await uploadFiles(env, seller, galleryId, [{ name: 'a.jpg', body: await jpeg(1) }]);
  await waitForPhotos(env, seller, galleryId, photoIds);
  return { galleryId, photoIds };
}

describe('without the payment-acceptance entitlement', () => {
  it('cannot start onboarding or create a paid order, and nothing is created', async () => {
    const seller = await newSeller(env);
    const refused = await onboard(seller);
    expect(refused).toMatchObject({
      status: 403,
      body: { message: paymentServerErrors.advancedPlanRequired },
    });
    expect((await getUser(seller.userId))?.stripeAccountId).toBeUndefined();
    expect(await status(seller)).toMatchObject({ status: 'not_started' });

    const { galleryId, photoIds } = await readyPhoto(seller);
    const order = await paidOrder(seller, galleryId, photoIds);
    expect(order).toMatchObject({ status: 409, body: { message: sellerToolErrors.paymentsNotActive } });
    // A free order is still fine.
    expect((await call(env, seller, 'POST', '/orders', { galleryId, photoIds, total: 0 })).status).toBe(201);
  });

  it('needs a signed-in seller', async () => {
    expect((await call(env, undefined, 'POST', '/connect/onboarding', {})).status).toBe(401);
    expect((await call(env, undefined, 'GET', '/connect/status')).status).toBe(401);
  });
});

describe('onboarding with the Advanced plan', () => {
  it('creates one account (Express Dashboard, Stripe liable for its losses) for concurrent and repeated requests, linking back to the dashboard', async () => {
    const seller = await advancedSeller();
    const answers = await Promise.all([onboard(seller), onboard(seller), onboard(seller)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const again = await onboard(seller);
    const accountId = (await getUser(seller.userId))?.stripeAccountId;
    expect(accountId).toMatch(/^acct_/);
    for (const answer of [...answers, again]) {
      expect(String(answer.body.onboardingUrl)).toContain(`/setup/e/${accountId}/`);
    }
    const account = await stripeOf(env).accounts.retrieve(String(accountId));
    expect(account).toMatchObject({ email: expect.stringMatching(/@example\.com$/) });
    // Made by controller, not by type: the seller pays Stripe's fees, Stripe bears what the seller cannot pay back.
    expect(account.controller).toEqual({
      type: 'application',
      is_controller: true,
      ...CONNECTED_ACCOUNT_CONTROLLER,
    });
    expect(account.metadata).toMatchObject({ userId: seller.userId });

    const page = await (await fetch(String(again.body.onboardingUrl))).text();
    expect(page).toContain(`${env.demo.appUrl}/dashboard?connect_success=true`);
    const before = await status(seller);
    expect(before).toMatchObject({ status: 'not_started', onboardingUrl: again.body.onboardingUrl });
    expect(before.dashboardUrl).toBeUndefined();

    // A used link sends the seller to the refresh URL.
    await submitForm(String(again.body.onboardingUrl), { outcome: 'pending' });
    const reused = await fetch(String(again.body.onboardingUrl), { redirect: 'manual' });
    expect(reused.headers.get('location')).toBe(`${env.demo.appUrl}/dashboard?connect_refresh=true`);
  });

  it('reports pending, then active once Stripe verifies, with a dashboard link; the webhook keeps the record current', async () => {
    const seller = await advancedSeller();
    const { body } = await onboard(seller);
    const returned = await submitForm(String(body.onboardingUrl), { outcome: 'pending' });
    expect(returned.headers.get('location')).toBe(`${env.demo.appUrl}/dashboard?connect_success=true`);
    const pending = await status(seller);
    expect(pending).toMatchObject({ status: 'pending', dashboardUrl: expect.stringContaining('/express/') });

    const { galleryId, photoIds } = await readyPhoto(seller);
    expect((await paidOrder(seller, galleryId, photoIds)).status).toBe(409);

    const accountId = String((await getUser(seller.userId))?.stripeAccountId);
    await control(env, `/accounts/${accountId}/verify`);
    // account.updated alone (no status call) makes the record current.
    const user = await waitForUser(env, seller, (u) => u.stripeConnect.onboardingCompleted);
    expect(user.stripeConnect.onboardingCompleted).toBe(true);
    await expect.poll(async () => (await getUser(seller.userId))?.chargesEnabled).toBe(true);
    expect(await status(seller)).toMatchObject({
      status: 'active',
      dashboardUrl: expect.stringContaining('/express/'),
    });

    // A paid order now goes to Stripe Checkout as a direct charge on the seller's account (it exists only
    // there), with our 5% as application fee; the customer pays.
    const order = await paidOrder(seller, galleryId, photoIds);
    expect(order.status).toBe(201);
    const orderId = String(order.body.orderId);
    const check = await checkoutCalls(env).checkOrder(orderId);
    const checkoutUrl = String(check.body.stripeCheckoutUrl);
    const sessionId = String(check.body.sessionId);
    const stripe = stripeOf(env);
    await expect(stripe.checkout.sessions.retrieve(sessionId)).rejects.toThrow(/No such checkout.session/);
    const session = await stripe.checkout.sessions.retrieve(sessionId, {}, { stripeAccount: accountId });
    expect(session.amount_total).toBe(1250);
    await payCheckout(checkoutUrl);
    await expect.poll(async () => (await getOrder(orderId))?.status, { timeout: 10_000 }).toBe('FULFILLED');
    const paid = await stripe.checkout.sessions.retrieve(
      sessionId,
      { expand: ['payment_intent'] },
      { stripeAccount: accountId },
    );
    expect(paid.payment_intent).toMatchObject({
      amount: 1250,
      application_fee_amount: applicationFeeMinor(1250),
    });
  });

  it('reports restricted with a dashboard link to resolve the issues', async () => {
    const seller = await advancedSeller();
    const { body } = await onboard(seller);
    await submitForm(String(body.onboardingUrl), { outcome: 'restricted' });
    expect(await status(seller)).toMatchObject({
      status: 'restricted',
      dashboardUrl: expect.stringContaining('/express/'),
    });
  });
});
