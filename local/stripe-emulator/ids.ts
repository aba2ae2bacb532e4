/** Object ids shaped like Stripe's: a type prefix and random base62 characters. */
import { randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export const randomBase62 = (length: number): string => {
  const bytes = randomBytes(length * 2);
  let out = '';
  // 248 is the largest multiple of 62 below 256: rejecting higher bytes keeps the digits uniform.
  for (const byte of bytes) {
    if (byte < 248) out += BASE62[byte % 62];
    if (out.length === length) return out;
  }
  return out + randomBase62(length - out.length);
};

/** Lengths follow what Stripe hands out, e.g. `cs_test_` + 58, `acct_1` + 15, `evt_1` + 23. */
const ID_SHAPES = {
  account: ['acct_1', 15],
  checkoutSession: ['cs_test_', 58],
  paymentIntent: ['pi_3', 23],
  charge: ['ch_3', 23],
  event: ['evt_1', 23],
  customer: ['cus_', 14],
  subscription: ['sub_1', 23],
  portalSession: ['bps_1', 23],
  portalConfiguration: ['bpc_1', 23],
  webhookEndpoint: ['we_1', 23],
  webhookSecret: ['whsec_', 32],
  price: ['price_1', 23],
  product: ['prod_', 14],
  invoice: ['in_1', 23],
  request: ['req_', 14],
  balanceTransaction: ['txn_3', 23],
  refund: ['re_3', 23],
  dispute: ['du_1', 23],
  applicationFee: ['fee_1', 23],
  feeRefund: ['fr_1', 23],
  application: ['ca_', 32],
  paymentMethod: ['pm_1', 23],
  mandate: ['mandate_1', 23],
  transfer: ['tr_1', 23],
  transferReversal: ['trr_1', 23],
} as const satisfies Record<string, readonly [string, number]>;

export type IdKind = keyof typeof ID_SHAPES;

export const newId = (kind: IdKind): string => {
  const [prefix, length] = ID_SHAPES[kind];
  return prefix + randomBase62(length);
};

/** Unguessable token for hosted-page links (account links, login links). */
export const newLinkToken = (): string => randomBase62(32);
