/**
 * The customer's checkout in headless Chromium against the local stack: the paid demo order is declined,
 * cancelled and then paid on the Stripe emulator's checkout page and lands on the success page with the
 * order FULFILLED (by the signed webhook); the free demo order goes through email entry to fulfilment
 * with the confirmation email in the outbox. Tests run in order and each demo order is used by one test.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { orderErrors } from '#shared/texts/errors';
import { getOrder, type OrderRecord } from '../../functions/domains/orders/order-store';
import type { OutboxMessage } from '@shutterlane/aws-standins/mail/mail';
import { e2eWorld } from '../support/e2e';

const world = e2eWorld();

const stripeOrigin = () => new URL(world.env.stack.urls.stripe).origin;

async function openPaidOrderOnCheckoutPage(): Promise<Page> {
  const page = await world.browser.newPage();
  await page.goto(world.env.demo.orders.paid.url);
  await page.waitForURL((url) => url.origin === stripeOrigin(), { timeout: 30_000 });
  await page.getByRole('heading', { name: 'Checkout' }).waitFor();
  return page;
}

async function orderWhen(
  orderId: string,
  done: (order: OrderRecord | undefined) => boolean,
): Promise<OrderRecord | undefined> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const order = await getOrder(orderId);
    if (done(order) || Date.now() > deadline) return order;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function outboxTo(address: string): Promise<OutboxMessage[]> {
  const messages = (await (
    await fetch(`${world.env.stack.urls.mailbox}/api/messages`)
  ).json()) as OutboxMessage[];
  return messages.filter((message) => message.to.includes(address));
}

describe('paid order on the card checkout page', () => {
  it('shows the decline of card 4000 0000 0000 0002 and leaves the order unpaid', async () => {
    const page = await openPaidOrderOnCheckoutPage();
    await page.getByLabel('Email').fill('declined@example.com');
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    expect(new URL(page.url()).origin).toBe(stripeOrigin());
    const order = await getOrder(world.env.demo.orders.paid.id);
    expect(order?.status).toBe('PENDING');
    expect(order?.fulfilledAt).toBeUndefined();
    await page.close();
  });

  it("cancelling shows 'Payment Cancelled' and charges nothing", async () => {
    const page = await openPaidOrderOnCheckoutPage();
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL(`${world.env.demo.appUrl}/checkout/cancel`);
    await page.getByRole('heading', { name: 'Payment Cancelled' }).waitFor();
    expect(await page.getByText('no charges were made').count()).toBe(1);
    expect((await getOrder(world.env.demo.orders.paid.id))?.status).toBe('PENDING');
    await page.close();
  });

  it("pays with 4242 4242 4242 4242, lands on 'Thank You!' and the order is FULFILLED", async () => {
    const page = await openPaidOrderOnCheckoutPage();
    const email = 'paid.customer@example.com';
    await page.getByLabel('Email').fill(email);
    expect(await page.getByLabel('Card number').inputValue()).toBe('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay' }).click();
    const orderId = world.env.demo.orders.paid.id;
    await page.waitForURL(`${world.env.demo.appUrl}/checkout/success/${orderId}`);
    await page.getByRole('heading', { name: 'Thank You!' }).waitFor();
    expect(await page.getByText(orderId).count()).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: 'View My Photos' }).getAttribute('href')).toBe(
      `/orders/${orderId}`,
    );
    const order = await orderWhen(orderId, (o) => Boolean(o?.confirmationEmailSentAt));
    expect(order).toMatchObject({ status: 'FULFILLED', customerEmail: email });
    const mail = await outboxTo(email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text).toContain(`/orders/${orderId}`);
    await page.close();
  });
});

describe('free order', () => {
  it('goes from email entry to fulfilment, with the confirmation email in the outbox', async () => {
    const orderId = world.env.demo.orders.free.id;
    const email = 'free.customer@example.com';
    const page = await world.browser.newPage();
    await page.goto(world.env.demo.orders.free.url);
    await page.getByRole('heading', { name: 'Enter Your Email' }).waitFor();
    // The spec's email rule on the client first: no '@', no request.
    await page.getByLabel(/email/i).fill('no-at-sign');
    await page.getByRole('button', { name: 'Access Photos' }).click();
    await page.getByText(orderErrors.invalidEmail).waitFor();
    expect((await getOrder(orderId))?.customerEmail).toBeUndefined();

    await page.getByLabel(/email/i).fill(email);
    await page.getByRole('button', { name: 'Access Photos' }).click();
    const order = await orderWhen(orderId, (o) => Boolean(o?.confirmationEmailSentAt));
    expect(order).toMatchObject({ status: 'FULFILLED', customerEmail: email });
    // History replaced to the order itself, which now opens as fulfilled (step 6, or its gallery).
    await page.waitForURL(world.env.demo.orders.free.url);
    await page
      .getByText(orderErrors.alreadyCompleted)
      .or(page.getByRole('heading', { name: 'Your Photos' }))
      .waitFor();
    const [mail, ...more] = await outboxTo(email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe('Your photos are ready');
    expect(mail?.text).toContain(world.env.demo.orders.free.url);
    expect(mail?.text).toContain('4 photos');
    expect(mail?.text).toContain('available for 30 days');
    await page.close();
  });
});
