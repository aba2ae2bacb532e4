/** The human check's action names (score-based, v3). The spec names the three order actions; signup is ours. */
export const CAPTCHA_ACTIONS = {
  publicOrderCheck: 'public_order_check',
  validateCheckout: 'validate_checkout',
  completeCheckout: 'complete_checkout',
  /** Ours: an order made from a pick in a public gallery, human-checked like the spec's order calls. */
  publicGalleryOrder: 'public_gallery_order',
  signup: 'signup',
  // The other public account calls (ours): one action each, so a token earned on one form cannot be
  // spent on another. reCAPTCHA allows letters, digits, slashes and underscores.
  requestPasswordReset: 'request_password_reset',
  confirmPasswordReset: 'confirm_password_reset',
  resendVerification: 'resend_verification',
  verifyEmail: 'verify_email',
  setPassword: 'set_password',
  /** A PIN typed into a public gallery after too many wrong ones (shared/rules/pin-attempts.ts). */
  publicGalleryPin: 'public_gallery_pin',
} as const;
