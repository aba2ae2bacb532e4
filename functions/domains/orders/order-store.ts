/**
 * Orders table: the one module that reads and writes it. One item per order, keyed by its random id;
 * `bySeller` lists a seller's orders, `bySellerView` their sales and unpaid orders apart. Storage only: every write states in its condition the state it
 * may apply to, and the decisions (which session is current, what an event changes) are pure functions
 * (functions/domains/orders/order-rules.ts, functions/stripe-webhook/order-lifecycle.ts, shared/rules).
 */
import { GetCommand, QueryCommand, type QueryCommandOutput, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { OrderStatus, OrderStatusReason, OrderType, SellerOrderView } from '#shared/schemas/order';
import { conditionally, dynamo, tableName } from '../../lib/dynamo';
import { freeCompletionMove, paymentFeesMove, placedMove, type CounterMove } from './sales-counters';
import { holdsFromCreation } from './order-rules';
import { writeTogether, type TransactionPart } from '../../lib/transactions';
import { counterParts } from './sales-counter-store';
import { orderCountPart } from '../sellers/dashboard-counter-store';
import { firstReminder, type ReminderSchedule } from '#shared/rules/access-reminders';
import { photosAvailableUntil } from '#shared/rules/photo-availability';

/**
 * A paid order's money as it reached the seller's connected account: the charge's balance transaction
 * (direct charges: the amount, Stripe's fee and our application fee, the net, and when it is paid out).
 */
export interface PaymentRecord {
  chargeId: string;
  balanceTransactionId: string;
  amountMinor: number;
  /** Stripe's processing fee (`fee_details` type `stripe_fee`). */
  stripeFeeMinor: number;
  /** Our 5% (`fee_details` type `application_fee`). */
  applicationFeeMinor: number;
  netMinor: number;
  /** ISO time the funds become available for payout (`available_on`). */
  availableOn: string;
}

export interface OrderRecord {
  orderId: string;
  sellerId: string;
  /** The team member who created it (absent on customers' picks and orders from before teams). */
  createdBy?: string;
  galleryId: string;
  /** The public gallery a customer made this order in; absent for the seller's own orders. */
  publicId?: string;
  photoIds: string[];
  currency: string;
  /** Total in minor units (pence): money is never a float on the server. */
  totalMinor: number;
  orderType: OrderType;
  status: OrderStatus;
  /** Why the order is where it is (a delayed payment, a refund, a dispute), for the customer and seller. */
  statusReason?: OrderStatusReason;
  /**
   * Counts every write that changes the payment lifecycle (status, current session, refunds, disputes), so
   * lifecycle changes are compare-and-set on it: a late or concurrent event never undoes a newer change.
   */
  revision?: number;
  customerEmail?: string;
  createdAt: string;
  expiresAt: string;
  /** The seller's connected account the order's Checkout Sessions are made on (direct charges). */
  stripeAccountId?: string;
  checkoutSessionId?: string;
  checkoutUrl?: string;
  /** ISO time the Stripe Checkout Session stops accepting payment. */
  checkoutExpiresAt?: string;
  /** Set when Stripe reported the current session ended (expired, or its delayed payment failed). */
  checkoutSessionEndedAt?: string;
  fulfilledAt?: string;
  /** A free order's checkout session (see shared/rules/free-checkout.ts). */
  freeCheckoutSessionId?: string;
  freeCheckoutExpiresAt?: string;
  /** The Stripe Checkout Session and PaymentIntent that paid the order. */
  paidCheckoutSessionId?: string;
  paymentIntentId?: string;
  /** Recorded after fulfilment, from Stripe (functions/stripe-webhook/payment-money.ts). */
  payment?: PaymentRecord;
  /** Refunded to the customer so far (minor units), as Stripe's charge reports it; only ever grows. */
  refundedMinor?: number;
  /** The dispute about the payment, if the customer's bank opened one, and how it ended (final). */
  disputeId?: string;
  disputeOutcome?: 'won' | 'lost';
  /**
   * Changes of the seller's dashboard sales that lifecycle changes caused, written in the same write as
   * the change and applied to the seller's record once (functions/stripe-webhook/dashboard-sales.ts).
   */
  pendingSalesOps?: Set<string>;
  /**
   * Payments the order did not need (a second tab, a replaced session), refunded automatically: their
   * payment intents, so the seller's list can say so (S31). A set: recording one again changes nothing.
   */
  duplicatePaymentsRefunded?: Set<string>;
  /** The confirmation email is sent once: claimed (a lease), then sent or failed. */
  confirmationEmailClaimedAt?: string;
  confirmationEmailSentAt?: string;
  confirmationEmailError?: string;
  /** When the order ended unpaid before its time (statusReason CANCELLED or PHOTOS_REMOVED). */
  cancelledAt?: string;
  /** The price of the paid extension the seller offers once access has ended (shared/rules/paid-extension.ts). */
  extensionPriceMinor?: number;
  /** The customer's latest paid extension of this order (an order of its own), paid or not. */
  extensionOrderId?: string;
  /** On a paid extension: the order it extends. */
  extendsOrderId?: string;
  /** The end of the customer's download access once the seller extended it (shared/rules/photo-availability.ts). */
  accessEndsAt?: string;
  /**
   * The next reminder before access ends (shared/rules/access-reminders.ts) and its day, the
   * `byReminderDue` index's key: present only while a reminder is to come.
   */
  nextReminderAt?: string;
  reminderDay?: string;
  /** The reminders sent for the current end ('7', '1'): each claimed here once, before it is sent. */
  remindersSent?: Set<string>;
  /** The secret of the unsubscribe link, made with the first reminder. */
  reminderToken?: string;
  /** When the customer unsubscribed from the reminders. */
  remindersOffAt?: string;
  /**
   * The `bySellerView` index's key (sellerViewKey): the seller's unpaid orders until paid or, free,
   * completed, then their sales. Written by createOrder and the writes that make a sale.
   */
  sellerView?: string;
}

/** Which list of the seller's an order is in: unpaid until it is paid (or, free, completed), then sales. */
export type SellerViewKind = 'sales' | 'unpaid';

export const sellerViewKey = (sellerId: string, kind: SellerViewKind): string => `${sellerId}#${kind}`;

/**
 * The first reminder before access ends of an order fulfilled now (to `customerEmail`, or the order's own),
 * written with the fulfilment: the reminder run finds it by its day.
 */
export const fulfilmentReminder = (
  order: Pick<OrderRecord, 'customerEmail' | 'createdAt'>,
  now: Date,
  customerEmail = order.customerEmail,
): ReminderSchedule | undefined => {
  const end = photosAvailableUntil({
    status: 'FULFILLED',
    fulfilledAt: now.toISOString(),
    createdAt: order.createdAt,
  });
  return end && firstReminder(end, now, customerEmail);
};

/** What a lifecycle change that makes the order a sale writes besides its state: its place in the lists. */
export const becomesSale = (order: Pick<OrderRecord, 'sellerId'>): Pick<OrderRecord, 'sellerView'> => ({
  sellerView: sellerViewKey(order.sellerId, 'sales'),
});

/**
 * The seller's `totalOrderCount` moves in the write that makes an order count, with it, so it moves
 * exactly once: a seller's own order when it is created, a customer's pick when it becomes a sale.
 */
const soldPickCount = (read: OrderRecord, sellerView: string | undefined): TransactionPart[] =>
  !holdsFromCreation(read) && sellerView === becomesSale(read).sellerView && read.sellerView !== sellerView
    ? [orderCountPart(read.sellerId)]
    : [];

/**
 * The order, strongly consistent: it is opened right after it is created (the seller's order page, the
 * QR code) and after every state change (checkout, fulfilment), where a stale copy would mislead, and
 * after a lost conditional write the caller needs the winner's state.
 */
export async function getOrder(orderId: string): Promise<OrderRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName('orders'), Key: { orderId }, ConsistentRead: true }),
  );
  return Item as OrderRecord | undefined;
}

/**
 * Creates an order, in the seller's unpaid orders, with the sales counters (and, a seller's own, the order
 * count) its creation moves in the same transaction; fails if the id exists (ids are random, so that means a bug or a replay), and then nothing
 * is counted.
 */
export async function createOrder(order: OrderRecord): Promise<void> {
  if (!(await createOrderWith(order, []))) throw new Error(`order ${order.orderId} exists already`);
}

/** Creates an order as createOrder does, together with `together`: false when any condition failed. */
export async function createOrderWith(order: OrderRecord, together: TransactionPart[]): Promise<boolean> {
  const put = {
    TableName: tableName('orders'),
    Item: { sellerView: sellerViewKey(order.sellerId, 'unpaid'), ...order },
    ConditionExpression: 'attribute_not_exists(orderId)',
  };
  const counted = holdsFromCreation(order) ? [orderCountPart(order.sellerId)] : [];
  return writeTogether([{ Put: put }, ...counterParts(order, placedMove(order)), ...counted, ...together]);
}

/** The update clause that counts a lifecycle write (see `revision`). */
const BUMP_REVISION = 'revision = if_not_exists(revision, :zero) + :one';
const BUMP_VALUES = { ':zero': 0, ':one': 1 };

/**
 * Records a new Checkout Session on an order still waiting for payment, only if the order still has the
 * session the caller saw (none, or the one being replaced), so two concurrent requests cannot overwrite
 * each other's session. The seller's account is kept with it: later events and refunds use the account
 * the money went to, whatever happens to the seller's record. Returns false when another request won.
 */
export async function attachCheckoutSession(
  orderId: string,
  previousSessionId: string | undefined,
  session: { id: string; url: string; expiresAt: string; stripeAccountId: string },
): Promise<boolean> {
  return conditionally(
    new UpdateCommand({
      TableName: tableName('orders'),
      Key: { orderId },
      UpdateExpression: `SET checkoutSessionId = :id, checkoutUrl = :url, checkoutExpiresAt = :exp, stripeAccountId = :account, ${BUMP_REVISION} REMOVE checkoutSessionEndedAt`,
      ConditionExpression: `#status IN (:pending, :draft) AND ${
        previousSessionId ? 'checkoutSessionId = :previous' : 'attribute_not_exists(checkoutSessionId)'
      }`,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':id': session.id,
        ':url': session.url,
        ':exp': session.expiresAt,
        ':account': session.stripeAccountId,
        ':pending': 'PENDING',
        ':draft': 'DRAFT',
        ...BUMP_VALUES,
        ...(previousSessionId && { ':previous': previousSessionId }),
      },
    }),
  );
}

/**
 * Stores the customer's email and a free checkout session on an open, unexpired order, only if the
 * order still has the session the caller saw (none, or the one being handed out again).
 */
export async function startFreeCheckout(
  orderId: string,
  customerEmail: string,
  previousSessionId: string | undefined,
  session: { id: string; expiresAt: string },
  now: Date,
): Promise<boolean> {
  return conditionally(
    new UpdateCommand({
      TableName: tableName('orders'),
      Key: { orderId },
      UpdateExpression:
        'SET customerEmail = :email, freeCheckoutSessionId = :id, freeCheckoutExpiresAt = :exp',
      ConditionExpression: `#status IN (:pending, :draft) AND expiresAt > :now AND ${
        previousSessionId
          ? 'freeCheckoutSessionId = :previous'
          : 'attribute_not_exists(freeCheckoutSessionId)'
      }`,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':email': customerEmail,
        ':id': session.id,
        ':exp': session.expiresAt,
        ':pending': 'PENDING',
        ':draft': 'DRAFT',
        ':now': now.toISOString(),
        ...(previousSessionId && { ':previous': previousSessionId }),
      },
    }),
  );
}

/**
 * The one write that fulfils a free order: only with its unexpired session, while the order is open and
 * unexpired, with the sales counters its completion moves. The confirmation email is claimed in the same
 * write, so exactly the winner sends it, and the order moves to the seller's sales. False when the
 * condition failed (already fulfilled, expired, ended, or another session): nothing was written or counted.
 */
export async function fulfilFreeOrder(order: OrderRecord, sessionId: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const reminder = fulfilmentReminder(order, now);
  return writeTogether([
    {
      Update: {
        TableName: tableName('orders'),
        Key: { orderId: order.orderId },
        UpdateExpression: `SET #status = :fulfilled, fulfilledAt = :now, confirmationEmailClaimedAt = :now, sellerView = :sales, ${
          reminder ? 'nextReminderAt = :nextReminderAt, reminderDay = :reminderDay, ' : ''
        }${BUMP_REVISION} REMOVE freeCheckoutSessionId, freeCheckoutExpiresAt`,
        ConditionExpression:
          '#status IN (:pending, :draft) AND expiresAt > :now AND freeCheckoutSessionId = :sid AND freeCheckoutExpiresAt > :now',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':fulfilled': 'FULFILLED',
          ':pending': 'PENDING',
          ':draft': 'DRAFT',
          ':now': at,
          ':sid': sessionId,
          ':sales': becomesSale(order).sellerView,
          ...(reminder && {
            ':nextReminderAt': reminder.nextReminderAt,
            ':reminderDay': reminder.reminderDay,
          }),
          ...BUMP_VALUES,
        },
      },
    },
    ...counterParts(order, freeCompletionMove(order, now)),
    ...soldPickCount(order, becomesSale(order).sellerView),
  ]);
}

/**
 * Takes over the confirmation email of a fulfilled order whose sender never reported back (it died after
 * fulfilling): only when no email was sent and the previous claim is older than `staleBefore`.
 */
export async function reclaimConfirmationEmail(
  orderId: string,
  now: Date,
  staleBefore: Date,
): Promise<boolean> {
  return conditionally(
    new UpdateCommand({
      TableName: tableName('orders'),
      Key: { orderId },
      UpdateExpression: 'SET confirmationEmailClaimedAt = :now',
      ConditionExpression:
        '#status = :fulfilled AND attribute_not_exists(confirmationEmailSentAt) AND attribute_not_exists(confirmationEmailError) AND (attribute_not_exists(confirmationEmailClaimedAt) OR confirmationEmailClaimedAt < :stale)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':fulfilled': 'FULFILLED',
        ':now': now.toISOString(),
        ':stale': staleBefore.toISOString(),
      },
    }),
  );
}

/** Records how the confirmation email went. */
export async function recordConfirmationEmail(
  orderId: string,
  outcome: { sentAt: string } | { error: string },
): Promise<void> {
  const sent = 'sentAt' in outcome;
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName('orders'),
      Key: { orderId },
      UpdateExpression: sent ? 'SET confirmationEmailSentAt = :value' : 'SET confirmationEmailError = :value',
      ExpressionAttributeValues: { ':value': sent ? outcome.sentAt : outcome.error },
    }),
  );
}

/**
 * Stripe ended the order's current Checkout Session (it expired, or its delayed payment failed): mark it
 * ended so the next order check creates a fresh one without asking Stripe. The id is kept, since the next
 * create call's idempotency key and conditional attach name the session it replaces. Only that session
 * is touched (a newer one may already be attached), and only while the order waits for its payment.
 */
export async function endCheckoutSession(
  orderId: string,
  sessionId: string,
  endedAt: Date,
): Promise<boolean> {
  return conditionally(
    new UpdateCommand({
      TableName: tableName('orders'),
      Key: { orderId },
      UpdateExpression: `SET checkoutExpiresAt = :ended, checkoutSessionEndedAt = :ended, ${BUMP_REVISION}`,
      ConditionExpression: 'checkoutSessionId = :sid AND #status IN (:pending, :draft)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':ended': endedAt.toISOString(),
        ':sid': sessionId,
        ':pending': 'PENDING',
        ':draft': 'DRAFT',
        ...BUMP_VALUES,
      },
    }),
  );
}

/** A lifecycle change of an order, decided on the revision it was read at. */
export interface OrderChange {
  set: Partial<Omit<OrderRecord, 'orderId' | 'revision' | 'pendingSalesOps'>>;
  remove?: readonly (keyof OrderRecord)[];
  /** The dashboard sales change this causes, kept on the order until applied (encodeSalesOp). */
  salesOp?: string;
  /** The sales counters this moves, written in the same transaction as the change. */
  counters?: CounterMove;
}

/**
 * Applies a lifecycle change if the order is still at the revision the caller read (compare-and-set):
 * false when another write came first, so the caller decides again on the fresh order. Every field the
 * change names is written in this one conditional write, with the sales change it causes, and the sales
 * counters it moves in the same transaction.
 */
export async function changeOrder(read: OrderRecord, change: OrderChange): Promise<boolean> {
  const names: Record<string, string> = { '#revision': 'revision' };
  const values: Record<string, unknown> = { ':next': (read.revision ?? 0) + 1 };
  const sets = ['#revision = :next'];
  for (const [field, value] of Object.entries(change.set)) {
    if (value === undefined) continue;
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#${field} = :${field}`);
  }
  const removes = (change.remove ?? []).map((field) => {
    names[`#${field}`] = field;
    return `#${field}`;
  });
  let add = '';
  if (change.salesOp) {
    names['#pendingSalesOps'] = 'pendingSalesOps';
    values[':salesOp'] = new Set([change.salesOp]);
    add = ' ADD #pendingSalesOps :salesOp';
  }
  if (read.revision !== undefined) values[':seen'] = read.revision;
  const update = {
    TableName: tableName('orders'),
    Key: { orderId: read.orderId },
    UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}${add}`,
    ConditionExpression: `attribute_exists(orderId) AND ${
      read.revision === undefined ? 'attribute_not_exists(#revision)' : '#revision = :seen'
    }`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
  const together = [
    ...(change.counters ? counterParts(read, change.counters) : []),
    ...soldPickCount(read, change.set.sellerView),
  ];
  if (together.length === 0) return conditionally(new UpdateCommand(update));
  return writeTogether([{ Update: update }, ...together]);
}

/**
 * Records the payment's money once (the first recording wins; the values never change afterwards), with
 * the sales counters its fees move in the same transaction, so they are counted with the first recording.
 */
export async function recordPayment(order: OrderRecord, payment: PaymentRecord): Promise<void> {
  await writeTogether([
    {
      Update: {
        TableName: tableName('orders'),
        Key: { orderId: order.orderId },
        UpdateExpression: 'SET payment = :payment',
        ConditionExpression: 'attribute_exists(orderId) AND attribute_not_exists(payment)',
        ExpressionAttributeValues: { ':payment': payment },
      },
    },
    ...counterParts(order, paymentFeesMove(order, payment)),
  ]);
}

/** Notes a duplicate payment of the order as refunded (idempotent: a string set). */
export async function recordDuplicateRefund(orderId: string, paymentIntentId: string): Promise<void> {
  await conditionally(
    new UpdateCommand({
      TableName: tableName('orders'),
      Key: { orderId },
      UpdateExpression: 'ADD duplicatePaymentsRefunded :payment',
      ConditionExpression: 'attribute_exists(orderId)',
      ExpressionAttributeValues: { ':payment': new Set([paymentIntentId]) },
    }),
  );
}

/** Forgets sales changes that have been applied to the seller's record. */
export async function removeSalesOps(orderId: string, ops: readonly string[]): Promise<void> {
  if (ops.length === 0) return;
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName('orders'),
      Key: { orderId },
      UpdateExpression: 'DELETE pendingSalesOps :ops',
      ConditionExpression: 'attribute_exists(orderId)',
      ExpressionAttributeValues: { ':ops': new Set(ops) },
    }),
  );
}

/**
 * A seller's orders through the orders table's `bySeller` index (seller, createdAt), or their sales or
 * unpaid orders through `bySellerView`, newest first. Index reads are eventually consistent: an order
 * created a moment ago may be missing, so nothing but the seller's lists and the search for unpaid picks
 * reads them (what an order holds is kept on its gallery and photos: order-holds.ts).
 */
const BY_SELLER = 'bySeller';
const BY_SELLER_VIEW = 'bySellerView';

/** Where a list of the seller's orders is read: the index and its partition key's name and value. */
function listSource(sellerId: string, view: SellerOrderView) {
  return view === 'all'
    ? { index: BY_SELLER, keyName: 'sellerId', keyValue: sellerId }
    : { index: BY_SELLER_VIEW, keyName: 'sellerView', keyValue: sellerViewKey(sellerId, view) };
}

/** A page of the seller's orders, newest first; one more is read so a next page is announced only if it exists. */
export async function listSellerOrders(
  sellerId: string,
  limit: number,
  startKey: Record<string, unknown> | undefined,
  view: SellerOrderView = 'all',
  createdBy?: OrderCreator,
): Promise<{ orders: OrderRecord[]; lastKey?: Record<string, unknown> }> {
  const { index, keyName, keyValue } = listSource(sellerId, view);
  const result = await dynamo().send(
    new QueryCommand({
      TableName: tableName('orders'),
      IndexName: index,
      KeyConditionExpression: '#key = :key',
      ExpressionAttributeNames: { '#key': keyName },
      ExpressionAttributeValues: { ':key': keyValue, ...(createdBy && { ':member': createdBy.memberId }) },
      ...(createdBy && { FilterExpression: CREATOR_FILTERS[createdBy.kind] }),
      ScanIndexForward: false,
      Limit: limit + 1,
      ...(startKey && { ExclusiveStartKey: startKey }),
    }),
  );
  const items = (result.Items ?? []) as OrderRecord[];
  const orders = items.slice(0, limit);
  const last = orders[orders.length - 1];
  // The index's key: the table key plus the index key attributes.
  if (items.length > limit && last)
    return { orders, lastKey: { orderId: last.orderId, [keyName]: keyValue, createdAt: last.createdAt } };
  // The read stopped before the end (at 1 MB, or with orders filtered out): the next page goes on from there.
  return { orders, ...(result.LastEvaluatedKey && { lastKey: result.LastEvaluatedKey }) };
}

/**
 * A page of the seller's sales (paid, or free and completed) ordered from `fromIso` to `toIso`, oldest
 * first: the sales view's index, its sort key bounded, so an export reads only the pages it writes.
 */
export async function salesCreatedBetween(
  sellerId: string,
  range: { fromIso: string; toIso: string },
  startKey: Record<string, unknown> | undefined,
  limit = 200,
): Promise<{ orders: OrderRecord[]; lastKey?: Record<string, unknown> }> {
  const result = await dynamo().send(
    new QueryCommand({
      TableName: tableName('orders'),
      IndexName: BY_SELLER_VIEW,
      KeyConditionExpression: 'sellerView = :key AND createdAt BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':key': sellerViewKey(sellerId, 'sales'),
        ':from': range.fromIso,
        ':to': range.toIso,
      },
      Limit: limit,
      ...(startKey && { ExclusiveStartKey: startKey }),
    }),
  );
  return {
    orders: (result.Items ?? []) as OrderRecord[],
    ...(result.LastEvaluatedKey && { lastKey: result.LastEvaluatedKey }),
  };
}

/**
 * The orders one team member created. The owner's include the orders made before teams, which name no
 * creator, but never a customer's pick (which names its public gallery).
 */
export interface OrderCreator {
  kind: 'member' | 'owner';
  memberId: string;
}

const CREATOR_FILTERS: Record<OrderCreator['kind'], string> = {
  member: 'createdBy = :member',
  owner: 'createdBy = :member OR (attribute_not_exists(createdBy) AND attribute_not_exists(publicId))',
};

/** What ending an unpaid pick needs to find it: the order and the photos it names. */
export type UnpaidPick = Pick<OrderRecord, 'orderId' | 'photoIds'>;

/**
 * The orders customers made in the seller's gallery (picks, and paid extensions, which wait for their
 * payment as long as a pick) that still wait for their payment, created from `since` on: the seller's
 * unpaid orders of that span (`bySellerView`), filtered by gallery.
 * A pick can be paid only for a short while after it is made (PICK_ORDER_CHECKOUT_MINUTES, and Stripe's
 * shortest session after that), so `since` bounds the read to the last couple of hours of the seller's
 * unpaid orders: never all of them, and no Scan. Eventually consistent, as every index read: a pick made
 * a moment ago may be missing (its payment then finds the photos gone and is refunded).
 */
export async function listUnpaidPicks(
  sellerId: string,
  galleryId: string,
  since: string,
): Promise<UnpaidPick[]> {
  const picks: UnpaidPick[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page: QueryCommandOutput = await dynamo().send(
      new QueryCommand({
        TableName: tableName('orders'),
        IndexName: BY_SELLER_VIEW,
        KeyConditionExpression: 'sellerView = :view AND createdAt >= :since',
        FilterExpression:
          'galleryId = :galleryId AND (attribute_exists(publicId) OR attribute_exists(extendsOrderId)) AND #status IN (:pending, :draft, :processing)',
        ProjectionExpression: 'orderId, photoIds',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':view': sellerViewKey(sellerId, 'unpaid'),
          ':since': since,
          ':galleryId': galleryId,
          ':pending': 'PENDING',
          ':draft': 'DRAFT',
          ':processing': 'PROCESSING',
        },
        ...(startKey && { ExclusiveStartKey: startKey }),
      }),
    );
    picks.push(...((page.Items ?? []) as UnpaidPick[]));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return picks;
}
