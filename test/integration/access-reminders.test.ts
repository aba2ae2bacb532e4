/**
 * Reminders before a completed order's access ends, and the seller's extension, through a stack of its
 * own (its schedule's runs remind every order in it) in compressed time: the templates' hourly rule
 * fires through the schedule stand-in, a month of hours in seconds. Orders are completed 23 days before
 * "now" (less half an hour) through the real checkout's email step, so their 7-day reminder falls due
 * in the first hour the scheduler runs.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverErrors } from '#shared/texts/errors';
import { sellerToolErrors } from '#shared/texts/seller-tools-errors';
import { SellerOrder } from '#shared/schemas/order';
import type { OutboxMessage } from '@shutterlane/aws-standins/mail/mail';
import { demoFile } from '@shutterlane/local-stack/seed/demo-file';
import { ensureSeed } from '@shutterlane/local-stack/seed/seed';
import type { LocalStack } from '@shutterlane/local-stack/stack';
import { captchaControl, type TestStack } from '@shutterlane/harness/local-stack';
import { startOwnStack } from '@shutterlane/harness/own-stack';
import { call, demoSeller, type Seller } from '@shutterlane/harness/seller-tools-helpers';
import { fulfilFreeOrder, getOrder } from '../../functions/domains/orders/order-store';
import { checkoutCalls, freshOrder, mailTo, uniqueEmail, validatedFreeOrder } from './checkout-helpers';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const SEVEN_DAYS = 'Your photos are available for 7 more days';
const LAST_DAY = 'Last day to download your photos';

let stack: LocalStack;
let dataDir: string;
let env: TestStack;
let seller: Seller;
let calls: ReturnType<typeof checkoutCalls>;
/** The schedule stand-in's clock when the stack started: its hourly rate counts from there. */
let now: Date;
const later = (ms: number) => new Date(now.getTime() + ms);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shutterlane-reminders-'));
  stack = await startOwnStack({ dataDir });
  now = stack.scheduler.now();
  const { seed } = await ensureSeed(dataDir, {
    cognito: { url: stack.urls.cognito, userPoolId: stack.cognito.userPoolId },
    stripeUrl: stack.urls.stripe,
  });
  env = {
    stack: { ...stack, captcha: captchaControl(stack.urls.captcha) },
    demo: demoFile(seed, stack.urls),
    dataDir,
    stop: async () => undefined,
  };
  seller = await demoSeller(env);
  calls = checkoutCalls(env);
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A free order completed through its email step at `at` (the completing write, with its time). */
async function completedOrder(email: string, at: Date): Promise<string> {
  const { order, sessionId } = await validatedFreeOrder(env, email);
  expect(await fulfilFreeOrder(order, sessionId, at)).toBe(true);
  return order.orderId;
}

const subjects = async (email: string) => (await mailTo(env, email)).map((mail) => mail.subject).reverse();

const unsubscribeLink = (mail: OutboxMessage): URL => {
  const match = /No more reminders for this order: (\S+)/.exec(mail.text ?? '');
  if (!match) throw new Error('no unsubscribe link in the reminder');
  return new URL(match[1]!);
};

const unsubscribe = (orderId: string, token: string) =>
  fetch(`${env.demo.apiUrl}/public/orders/${orderId}/unsubscribe?token=${encodeURIComponent(token)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    // What a mail client's one-click unsubscribe posts (RFC 8058).
    body: 'List-Unsubscribe=One-Click',
  });

const extend = (orderId: string, days: unknown) =>
  call(env, seller, 'POST', `/orders/${orderId}/access`, { days });

describe('reminders before access ends', () => {
  let completedAt: Date;
  const reminded = uniqueEmail('reminded');
  const leaving = uniqueEmail('leaving');
  const extended = uniqueEmail('extended');
  const orders: Record<string, string> = {};

  beforeAll(async () => {
    completedAt = new Date(now.getTime() - 23 * DAY_MS + 30 * 60 * 1000);
    orders.reminded = await completedOrder(reminded, completedAt);
    orders.leaving = await completedOrder(leaving, completedAt);
    orders.extended = await completedOrder(extended, completedAt);
  });

  it('moves a completed order’s end and its reminders when the seller extends it', async () => {
    const answer = await extend(orders.extended!, 30);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const view = SellerOrder.parse(answer.body);
    expect(view.accessEndsAt).toBe(new Date(completedAt.getTime() + 60 * DAY_MS).toISOString());
    expect(view.extendable).toBe(true);
    expect((await getOrder(orders.extended!))?.nextReminderAt).toBe(
      new Date(completedAt.getTime() + 53 * DAY_MS).toISOString(),
    );
  });

  it('sends the 7-day reminder once, whatever the retries and overlapping runs', async () => {
    const hour = later(HOUR_MS);
    const retried = { 'detail-type': 'Scheduled Event', source: 'aws.events', time: hour.toISOString() };
    const [firings, overlapping] = await Promise.all([
      stack.scheduler.advanceTo(hour),
      stack.invokeFunction('expiry-reminders', retried),
    ]);
    const reminderRuns = firings.filter((firing) => firing.rule.includes('ExpiryReminders'));
    expect(reminderRuns.map((firing) => [firing.time, firing.outcome])).toEqual([
      [`${hour.toISOString().slice(0, 19)}Z`, 'invoked'],
    ]);
    expect(overlapping.ok).toBe(true);
    expect((await stack.invokeFunction('expiry-reminders', retried)).ok).toBe(true);

    expect(await subjects(reminded)).toEqual([SEVEN_DAYS]);
    expect(await subjects(leaving)).toEqual([SEVEN_DAYS]);
    expect(await subjects(extended)).toEqual([]);
    const [mail] = await mailTo(env, reminded);
    expect(mail?.text).toContain(`/orders/${orders.reminded}`);
    expect(mail?.headers).toContainEqual({
      name: 'List-Unsubscribe-Post',
      value: 'List-Unsubscribe=One-Click',
    });
  });

  it('unsubscribes with the link’s token only, in one click', async () => {
    const [mail] = await mailTo(env, leaving);
    const link = unsubscribeLink(mail!);
    expect(link.pathname).toBe(`/orders/${orders.leaving}/unsubscribe`);
    const token = link.searchParams.get('token')!;

    const wrong = await unsubscribe(orders.leaving!, 'A'.repeat(22));
    expect(wrong.status).toBe(404);
    expect(await wrong.json()).toEqual({ message: serverErrors.unsubscribeLinkInvalid });
    expect((await unsubscribe(orders.reminded!, token)).status).toBe(404);
    expect((await unsubscribe(orders.leaving!, 'bad token!')).status).toBe(400);

    expect((await unsubscribe(orders.leaving!, token)).status).toBe(204);
    expect((await unsubscribe(orders.leaving!, token)).status).toBe(204);
    const seen = SellerOrder.parse((await call(env, seller, 'GET', `/orders/${orders.leaving}`)).body);
    expect(seen.remindersOff).toBe(true);
  });

  it('sends the 1-day reminder once, to those still subscribed, and nothing after', async () => {
    await stack.scheduler.advanceTo(later(6 * DAY_MS + HOUR_MS));
    expect(await subjects(reminded)).toEqual([SEVEN_DAYS, LAST_DAY]);
    expect(await subjects(leaving)).toEqual([SEVEN_DAYS]);
    expect(await subjects(extended)).toEqual([]);

    await stack.scheduler.advanceTo(later(8 * DAY_MS));
    expect(await subjects(reminded)).toEqual([SEVEN_DAYS, LAST_DAY]);
    const ended = await getOrder(orders.reminded!);
    expect(ended?.nextReminderAt).toBeUndefined();
    expect(ended?.reminderDay).toBeUndefined();
  });
});

describe('the seller’s extension', () => {
  it('opens an order whose access ended again for the days given', async () => {
    const orderId = await completedOrder(uniqueEmail('ended'), new Date(now.getTime() - 40 * DAY_MS));
    const before = await calls.fulfilledPhotos(orderId);
    expect(before).toEqual({ status: 410, body: { message: serverErrors.photosNoLongerAvailable } });

    const answer = await extend(orderId, 7);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const end = Date.parse(SellerOrder.parse(answer.body).accessEndsAt!);
    expect(end).toBeGreaterThan(Date.now() + 7 * DAY_MS - 60_000);
    expect(end).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS);

    const after = await calls.fulfilledPhotos(orderId);
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    expect(Object.keys(after.body.photoUrls as object)).toHaveLength(4);
  });

  it('refuses an unpaid order, bad days and another seller’s order, changing nothing', async () => {
    const unpaid = await freshOrder(env);
    expect(await extend(unpaid.orderId, 7)).toMatchObject({
      status: 409,
      body: { message: sellerToolErrors.accessNotExtendable },
    });
    for (const days of [0, 366, 1.5, '7', null])
      expect((await extend(unpaid.orderId, days)).status).toBe(400);
    const stranger = await call(env, undefined, 'POST', `/orders/${unpaid.orderId}/access`, { days: 7 });
    expect(stranger.status).toBe(401);
    expect((await getOrder(unpaid.orderId))?.accessEndsAt).toBeUndefined();
  });
});
