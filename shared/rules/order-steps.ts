/**
 * The steps of the spec's table (4 does not exist there), plus ours: 9, where the page says what
 * happened to the payment (processing, failed, refunded, disputed), which the spec never shows.
 * Re-exported by order-flow.ts; a module of its own because the order page's first chunk needs the steps,
 * not the rules.
 */
export const ORDER_STEPS = {
  start: 0,
  email: 1,
  summary: 2,
  processing: 3,
  expired: 5,
  completed: 6,
  redirecting: 7,
  error: 8,
  paymentStatus: 9,
} as const;
export type OrderStep = (typeof ORDER_STEPS)[keyof typeof ORDER_STEPS];
