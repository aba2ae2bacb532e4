/**
 * The dashboard's earnings over time (GET /sales) through the local stack and the Stripe emulator: two
 * card payments and a partial refund move the twelve months' figures by exactly what the orders list
 * says of those orders (price, Stripe's fee, our 5%, refund), to the penny, and so does the CSV export;
 * the order's gallery moves in the seller's ranking. A free order completed last month (the test's clock)
 * counts in last month, not this one.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { toMinorUnits } from '#shared/rules/money';
import { SalesSummary, type SalesMonth } from '#shared/schemas/sales';
import { SellerOrder } from '#shared/schemas/order';
import { refundAsSeller } from '@shutterlane/stripe-emulator/testing';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { call } from '@shutterlane/harness/seller-tools-helpers';
import { readRanking } from '../../functions/domains/orders/sales-counter-store';
import { eventually, payNewOrder, stripeOf, usePaymentsSuite, waitForOrder } from './payments-helpers';
import { freshOrder } from './checkout-helpers';
import { newCheckoutSessionId } from '../../functions/lib/ids';
import { fulfilFreeOrder, getOrder, startFreeCheckout } from '../../functions/domains/orders/order-store';

const DAY_MS = 24 * 60 * 60 * 1000;

const env = useTestStack();
const suite = usePaymentsSuite(env);

type Totals = Omit<SalesMonth, 'month' | 'averageOrderMinor'>;

/** The twelve months of one currency added up. */
function totalsOf(summary: SalesSummary, currency: string): Totals {
  const months = summary.currencies.find((entry) => entry.currency === currency)?.months ?? [];
  const zero: Totals = {
    grossMinor: 0,
    platformFeeMinor: 0,
    stripeFeeMinor: 0,
    refundedMinor: 0,
    disputedMinor: 0,
    netMinor: 0,
    orders: 0,
  };
  return months.reduce(
    (sum, month) =>
      Object.fromEntries(
        Object.entries(sum).map(([field, value]) => [field, value + month[field as keyof Totals]]),
      ) as Totals,
    zero,
  );
}

const summary = async () => {
  const answer = await call(env, suite.seller, 'GET', '/sales');
  expect(answer.status).toBe(200);
  return SalesSummary.parse(answer.body);
};
const sellerView = async (orderId: string) =>
  SellerOrder.parse((await call(env, suite.seller, 'GET', `/orders/${orderId}`)).body);

async function galleryRanking(sellerId: string, galleryId: string) {
  const item = (await readRanking(sellerId)).find(
    (entry) => entry.kind === 'gallery' && entry.id === galleryId,
  );
  return item?.figures.grossMinor ?? 0;
}

describe('earnings over time', () => {
  it('moves by exactly what the orders list says of two payments and a refund', async () => {
    const before = await summary();
    const first = await payNewOrder(env, { totalMinor: 1500 });
    const rankedBefore = (await galleryRanking(first.order.sellerId, first.order.galleryId)) - 1500;
    const second = await payNewOrder(env, { totalMinor: 2250 });
    await refundAsSeller(stripeOf(env), second.account, {
      payment_intent: second.order.paymentIntentId ?? '',
      amount: 750,
    });
    await waitForOrder(second.order.orderId, (order) => order?.refundedMinor === 750);
    const orders = await Promise.all([first, second].map(({ order }) => sellerView(order.orderId)));
    const minor = (amount: number) => toMinorUnits(amount, 'GBP');
    const sum = (pick: (order: SellerOrder) => number) =>
      orders.reduce((total, order) => total + minor(pick(order)), 0);
    const listed = {
      grossMinor: sum((order) => order.total),
      platformFeeMinor: sum((order) => order.payment?.platformFee ?? Number.NaN),
      stripeFeeMinor: sum((order) => order.payment?.providerFee ?? Number.NaN),
      refundedMinor: sum((order) => order.refunded),
      orders: 2,
    };
    expect(listed).toMatchObject({ grossMinor: 3750, refundedMinor: 750 });

    // The counters move in the transactions that record each step: read until the refund shows.
    const after = await eventually(
      summary,
      (read) => totalsOf(read, 'GBP').refundedMinor >= totalsOf(before, 'GBP').refundedMinor + 750,
    );
    const was = totalsOf(before, 'GBP');
    const now = totalsOf(after, 'GBP');
    expect({
      grossMinor: now.grossMinor - was.grossMinor,
      platformFeeMinor: now.platformFeeMinor - was.platformFeeMinor,
      stripeFeeMinor: now.stripeFeeMinor - was.stripeFeeMinor,
      refundedMinor: now.refundedMinor - was.refundedMinor,
      orders: now.orders - was.orders,
    }).toEqual(listed);
    expect(now.netMinor - was.netMinor).toBe(
      listed.grossMinor - listed.platformFeeMinor - listed.stripeFeeMinor - listed.refundedMinor,
    );
    const months = after.currencies.find((entry) => entry.currency === 'GBP')!.months;
    expect(months).toHaveLength(12);
    const current = months.at(-1)!;
    expect(current.averageOrderMinor).toBe(
      current.orders ? Math.round(current.grossMinor / current.orders) : 0,
    );

    // The CSV of today's sales has both orders, with what the orders list says of them. It is read
    // from the sales index, which DynamoDB (and the stack) updates a moment after the order: exported
    // until the refund shows there.
    const day = new Date().toISOString().slice(0, 10);
    const exportToday = async () => {
      const exported = await call(env, suite.seller, 'POST', '/sales/export', { from: day, to: day });
      expect(exported.status).toBe(200);
      const file = await fetch(String(exported.body.url));
      expect(file.headers.get('content-disposition')).toBe(
        `attachment; filename="shutterlane-sales-${day}-to-${day}.csv"`,
      );
      const rows = parse(await file.text(), { columns: true }) as Record<string, string>[];
      expect(rows).toHaveLength(Number(exported.body.orders));
      return rows;
    };
    const refundedRow = (row: Record<string, string>) =>
      row.Order === second.order.orderId && row.Refunds !== '0.00';
    const rows = await eventually(exportToday, (read) => read.some(refundedRow));
    const fixed = (amount: number) => amount.toFixed(2);
    for (const order of orders) {
      const row = rows.find((candidate) => candidate.Order === order.orderId);
      expect(row).toMatchObject({
        'Order date': order.createdAt.slice(0, 10),
        Currency: 'GBP',
        Gross: fixed(order.total),
        'Our fee': fixed(order.payment!.platformFee),
        'Stripe fee': fixed(order.payment!.providerFee),
        Refunds: fixed(order.refunded),
        Net: fixed(order.payment!.net - order.refunded),
        'Payout date': order.payment!.payoutExpectedOn.slice(0, 10),
      });
    }

    // The gallery's all-time ranking moved by both payments; the listed best sellers are sorted.
    expect(await galleryRanking(first.order.sellerId, first.order.galleryId)).toBe(rankedBefore + 3750);
    const best = after.currencies[0]!.galleries.map((gallery) => gallery.salesMinor);
    expect(best).toEqual([...best].sort((a, b) => b - a));
  });

  it('counts a free order completed last month in last month, and exports it with that month', async () => {
    // The test's clock: an order made 35 days ago and completed the day after, through the store's own
    // writes (the email step and the completing write) at that time, as the checkout made them then.
    const created = await freshOrder(env, { createdDaysAgo: 35 });
    const completedAt = new Date(Date.parse(created.createdAt) + DAY_MS);
    const session = {
      id: newCheckoutSessionId(),
      expiresAt: new Date(completedAt.getTime() + 60_000).toISOString(),
    };
    const before = await summary();
    expect(
      await startFreeCheckout(created.orderId, 'past@example.com', undefined, session, completedAt),
    ).toBe(true);
    expect(await fulfilFreeOrder((await getOrder(created.orderId))!, session.id, completedAt)).toBe(true);

    const month = completedAt.toISOString().slice(0, 7);
    const monthOf = (read: SalesSummary) =>
      read.currencies
        .find((entry) => entry.currency === 'GBP')!
        .months.find((entry) => entry.month === month)!;
    const after = await eventually(summary, (read) => monthOf(read).orders === monthOf(before).orders + 1);
    expect(monthOf(after)).toMatchObject({
      grossMinor: monthOf(before).grossMinor,
      netMinor: monthOf(before).netMinor,
    });
    const current = (read: SalesSummary) =>
      read.currencies.find((entry) => entry.currency === 'GBP')!.months.at(-1)!;
    if (current(after).month !== month) expect(current(after).orders).toBe(current(before).orders);

    const day = created.createdAt.slice(0, 10);
    const exportedRows = async () => {
      const exported = await call(env, suite.seller, 'POST', '/sales/export', { from: day, to: day });
      const text = await (await fetch(String(exported.body.url))).text();
      return parse(text, { columns: true }) as Record<string, string>[];
    };
    // The export reads the sales index, which lags its writes by a moment (as DynamoDB's indexes do).
    const rows = await eventually(exportedRows, (read) => read.some((row) => row.Order === created.orderId));
    expect(rows.find((row) => row.Order === created.orderId)).toMatchObject({
      'Order date': day,
      Gross: '0.00',
      Net: '0.00',
      Refunds: '0.00',
    });
    const listed = SellerOrder.parse(
      (await call(env, suite.seller, 'GET', `/orders/${created.orderId}`)).body,
    );
    expect(listed).toMatchObject({ status: 'FULFILLED', total: 0, refunded: 0 });
  });

  it('refuses an export whose days are not dates or run backwards', async () => {
    for (const body of [
      { from: '2026-02-31', to: '2026-03-01' },
      { from: '2026-03-02', to: '2026-03-01' },
      { from: '2026-3-1', to: '2026-03-01' },
      { from: '2026-03-01' },
    ]) {
      const answer = await call(env, suite.seller, 'POST', '/sales/export', body);
      expect([body, answer.status]).toEqual([body, 400]);
    }
  });
});
