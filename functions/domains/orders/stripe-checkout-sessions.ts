/**
 * Stripe calls about a customer order's Checkout Session that more than one function makes: a request's
 * calls share one client and one deadline (stripe-call.ts), and a session that must no longer be paid
 * is expired through the API, or found completed when the customer paid it a moment before.
 */
import { stripe, type Stripe } from '../../lib/stripe';
import { REQUEST_STRIPE_BUDGET_MS, StripeDeadline, stripeCall } from '../../lib/stripe-call';

/** A request's Stripe calls, each on an account (undefined: the platform, for old sessions), in time. */
export interface StripeCalls {
  client: Stripe;
  deadline: StripeDeadline;
}

/** The client and a fresh deadline for a request that answers a person. */
export const requestStripeCalls = async (): Promise<StripeCalls> => ({
  client: await stripe(),
  deadline: new StripeDeadline(REQUEST_STRIPE_BUDGET_MS),
});

export const onAccount = (
  { deadline }: StripeCalls,
  account: string | undefined,
  extra: Stripe.RequestOptions = {},
): Stripe.RequestOptions => deadline.options({ ...(account && { stripeAccount: account }), ...extra });

/**
 * Ends a session unless Stripe already ended it: 'ended', or 'completed' when the customer paid it (or
 * started a delayed payment) in the meantime, whose webhook then settles what the payment is for.
 */
export async function expireCheckoutSession(
  calls: StripeCalls,
  sessionId: string,
  account: string | undefined,
): Promise<'ended' | 'completed'> {
  const { client } = calls;
  const expired = await stripeCall('expire checkout session', () =>
    client.checkout.sessions.expire(sessionId, {}, onAccount(calls, account)).then(
      () => true,
      (error: unknown) => {
        // Stripe refuses to expire a session that is not open: it expired already, or was completed.
        if (error instanceof client.errors.StripeInvalidRequestError) return false;
        throw error;
      },
    ),
  );
  if (expired) return 'ended';
  const session = await stripeCall('retrieve checkout session', () =>
    client.checkout.sessions.retrieve(sessionId, {}, onAccount(calls, account)),
  );
  return session.status === 'complete' ? 'completed' : 'ended';
}
