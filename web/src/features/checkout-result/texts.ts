/**
 * Texts of the checkout result pages. Quoted texts of the spec letter for letter; our own wording where the spec shows none is
 * marked "ours". Error texts live in shared/texts/errors.ts. One file per area so each page's chunk carries
 * only its own texts.
 */
import { ORDER_AVAILABLE_DAYS } from '#shared/rules/constants';

export const checkoutTexts = {
  successHeading: 'Thank You!',
  successLead: 'Your order is complete.', // ours
  orderIdLabel: 'Order ID', // ours
  nextHeading: 'What happens next?',
  nextSteps: [
    // ours, built on the spec's facts (30 days; the access link may take a couple of minutes)
    "We'll email you a confirmation with a link to your photos.",
    'Your photo access link may take a couple of minutes to prepare.',
    `Your photos are available for ${ORDER_AVAILABLE_DAYS} days, so download them before then.`,
  ],
  emailError:
    'There was an issue sending your confirmation email. Please make a note of your order ID for reference.',
  viewPhotos: 'View My Photos',
  cancelHeading: 'Payment Cancelled',
  cancelText: 'Your payment was cancelled and no charges were made.', // ours, "no charges made"
  tryAgain: 'Try Again',
  returnHome: 'Return to Homepage',
} as const;
