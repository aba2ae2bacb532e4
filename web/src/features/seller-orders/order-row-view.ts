/**
 * What a row of the seller's orders list says, decided without React: the state in plain words (with
 * why, when there is more to say), and the payment's money as Stripe recorded it on the seller's
 * account (price, Stripe's fee, our 5%, net, refunded, payout date). Before the payment is recorded the
 * money columns say so rather than guess.
 */
import { formatDate } from '#shared/rules/dates';
import { formatMoney } from '#shared/rules/money';
import type { SellerOrder } from '#shared/schemas/order';
import { sellerOrderTexts as texts } from './texts';
import { sellerCommonTexts } from '../../lib/texts/seller-common';

export interface OrderRowView {
  status: string;
  /** A note under the state: duplicate payments (or payments after it ended) refunded automatically. */
  note?: string;
  total: string;
  providerFee: string;
  platformFee: string;
  net: string;
  refunded: string;
  payout: string;
}

/** An unpaid order the seller cancelled, or whose photos were deleted: ended before its time. */
const endedEarly = (order: Pick<SellerOrder, 'status' | 'statusReason'>): boolean =>
  order.status === 'EXPIRED' &&
  (order.statusReason === 'CANCELLED' || order.statusReason === 'PHOTOS_REMOVED');

function baseLabel(order: Pick<SellerOrder, 'status' | 'statusReason' | 'orderType'>): string {
  if (endedEarly(order)) return texts.cancelled;
  if (order.status === 'FULFILLED' && order.orderType === 'FREE_ORDER') return texts.freeOrderDone;
  return texts.orderStatusLabels[order.status];
}

export function statusLabel(order: Pick<SellerOrder, 'status' | 'statusReason' | 'orderType'>): string {
  const base = baseLabel(order);
  const reason = order.statusReason ? texts.statusReasonLabels[order.statusReason] : '';
  return reason ? `${base} (${reason})` : base;
}

export function orderRowView(order: SellerOrder): OrderRowView {
  const { payment, currency } = order;
  const paid = (amount: number | undefined) =>
    amount === undefined ? texts.notYet : formatMoney(amount, currency);
  return {
    status: statusLabel(order),
    ...(order.duplicatePaymentsRefunded > 0 && {
      note: (endedEarly(order) ? texts.lateRefunded : texts.duplicatesRefunded)(
        order.duplicatePaymentsRefunded,
      ),
    }),
    total: order.total === 0 ? sellerCommonTexts.freeOrder : formatMoney(order.total, currency),
    providerFee: paid(payment?.providerFee),
    platformFee: paid(payment?.platformFee),
    net: paid(payment?.net),
    refunded: order.refunded > 0 ? formatMoney(order.refunded, currency) : texts.notYet,
    // Stripe's available_on is a midnight UTC: shown as that day wherever the seller is.
    payout: payment ? formatDate(payment.payoutExpectedOn, 'short', 'UTC') : texts.notYet,
  };
}
