/**
 * `expand[]`, as Stripe does it: a path of fields, each an id of another object that is replaced by
 * the object itself, e.g. `payment_intent.latest_charge.balance_transaction` on a Checkout Session;
 * `data.` first on a list expands every item. At most four levels; a field that cannot be expanded is
 * refused ("This property cannot be expanded").
 */
import type { EmulatorContext } from '../context';
import { invalidRequest } from '../errors';
import { presentBalanceTransaction } from '../objects/balance-transactions';
import { presentDispute } from '../objects/disputes';
import { refundsOfCharge } from '../objects/refunds';

type Json = Record<string, unknown>;
type Expander = (ctx: EmulatorContext, parent: Json, value: unknown) => unknown;

const MAX_DEPTH = 4;

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const byId =
  <T extends object>(
    table: (ctx: EmulatorContext) => Record<string, T>,
    present: (ctx: EmulatorContext, found: T) => object = (_ctx, found) => found,
  ): Expander =>
  (ctx, _parent, value) => {
    const found = typeof value === 'string' ? table(ctx)[value] : undefined;
    return found === undefined ? value : present(ctx, found);
  };

const list = (data: unknown[], url: string) => ({ object: 'list', data, has_more: false, url });

const paymentIntent = byId((ctx) => ctx.state.paymentIntents);
const charge = byId((ctx) => ctx.state.charges);
const customer = byId((ctx) => ctx.state.customers);
const balanceTransaction = byId(
  (ctx) => ctx.state.balanceTransactions,
  (_ctx, found) => presentBalanceTransaction(found),
);
const dispute = byId((ctx) => ctx.state.disputes, presentDispute);

/** A balance transaction's `source`: whatever object moved the money. */
const anySource: Expander = (ctx, parent, value) => {
  const sources = [
    charge,
    byId((ctx) => ctx.state.refunds),
    dispute,
    byId((ctx) => ctx.state.applicationFees),
  ];
  for (const source of sources) {
    const found = source(ctx, parent, value);
    if (found !== value) return found;
  }
  return value;
};

const EXPANDABLE: Record<string, Record<string, Expander>> = {
  'checkout.session': {
    customer,
    payment_intent: paymentIntent,
    subscription: byId((ctx) => ctx.state.subscriptions),
    line_items: (ctx, parent) => {
      const id = String(parent.id);
      return list(ctx.state.checkoutSessions[id]?.lineItems ?? [], `/v1/checkout/sessions/${id}/line_items`);
    },
  },
  payment_intent: { customer, latest_charge: charge },
  charge: {
    application_fee: byId((ctx) => ctx.state.applicationFees),
    balance_transaction: balanceTransaction,
    customer,
    payment_intent: paymentIntent,
    refunds: (ctx, parent) => {
      const id = String(parent.id);
      return list(refundsOfCharge(ctx, id), `/v1/charges/${id}/refunds`);
    },
  },
  refund: { balance_transaction: balanceTransaction, charge, payment_intent: paymentIntent },
  dispute: { charge, payment_intent: paymentIntent },
  application_fee: {
    account: byId((ctx) => ctx.state.accounts),
    balance_transaction: balanceTransaction,
    charge,
  },
  balance_transaction: { source: anySource },
};

/** Stripe names the whole path and gives no `param`. */
const cannotExpand = (path: string) => invalidRequest(`This property cannot be expanded (${path}).`);

const expandInto = (ctx: EmulatorContext, target: unknown, segments: string[], path: string): void => {
  const [field, ...rest] = segments;
  if (field === undefined || !isObject(target)) return;
  if (target.object === 'list' && field === 'data' && Array.isArray(target.data)) {
    for (const item of target.data) expandInto(ctx, item, rest, path);
    return;
  }
  const expander = EXPANDABLE[String(target.object)]?.[field];
  if (expander === undefined) throw cannotExpand(path);
  const current = target[field];
  // Cloned, so expanding never changes the stored object it came from.
  target[field] = isObject(current) ? current : structuredClone(expander(ctx, target, current));
  expandInto(ctx, target[field], rest, path);
};

/** `body` with `paths` expanded (a copy: the stored objects are left alone). */
export const expand = <T extends object>(ctx: EmulatorContext, body: T, paths: string[]): T => {
  if (paths.length === 0) return body;
  const copy = structuredClone(body);
  for (const path of paths) {
    const segments = path.split('.');
    const levels = segments.filter((segment) => segment !== 'data').length;
    if (levels > MAX_DEPTH) {
      throw invalidRequest(
        `You cannot expand more than ${MAX_DEPTH} levels of a property (${path}).`,
        'expand',
      );
    }
    expandInto(ctx, copy, segments, path);
  }
  return copy;
};
