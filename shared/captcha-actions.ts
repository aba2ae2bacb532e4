/** The human check's action names (score-based, v3). The spec names the three order actions; signup is ours. */
export const CAPTCHA_ACTIONS = {
  publicOrderCheck: 'public_order_check',
  validateCheckout: 'validate_checkout',
  completeCheckout: 'complete_checkout',
  signup: 'signup',
} as const;
