/**
 * The dashboard's Subscription Status card. Back from Stripe Checkout (`?subscription=started`) the
 * subscription webhook may not have landed yet, so the user is re-read every 2 s (up to 15 times) until
 * it shows.
 */
import { useEffect, useState } from 'react';
import { CONNECT_POLL_INTERVAL_MS, CONNECT_POLL_MAX_ATTEMPTS } from '#shared/rules/constants';
import type { User } from '#shared/schemas/user';
import { useAuth } from '../../lib/auth/auth-store';
import { paymentTexts as texts } from './texts';
import { SubscriptionPanel } from './subscription-panel';
import { useReturnFlags } from './use-return-flags';

const RETURN_FLAGS = ['subscription'] as const;

export function SubscriptionStatusCard({ user }: { user: User }) {
  const { subscription: returned } = useReturnFlags(RETURN_FLAGS);
  const { check } = useAuth();
  const [waiting, setWaiting] = useState(returned && !user.subscription.hasSubscription);

  useEffect(() => {
    if (!waiting) return;
    let attempts = 0;
    const timer = setInterval(() => {
      attempts += 1;
      void check(true).then((fresh) => {
        if (fresh?.subscription.hasSubscription || attempts >= CONNECT_POLL_MAX_ATTEMPTS) {
          clearInterval(timer);
          setWaiting(false);
        }
      });
    }, CONNECT_POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [waiting, check]);

  return (
    <>
      {waiting && <p role="status">{texts.waitingForSubscription}</p>}
      <SubscriptionPanel user={user} withDates />
    </>
  );
}
