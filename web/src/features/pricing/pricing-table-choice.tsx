/**
 * Stripe's pricing table on /pricing, with what the visitor needs for it. A signed-out visitor gets the
 * table as it is (the checkout subscribes nobody until they hold an account). A signed-in seller gets it
 * only once their single-use reference is in hand: a checkout started without one would be paid and
 * applied to nobody, so until then the page says it is loading, and if the reference cannot be had the
 * plan cards stand in (our own checkout knows the seller without it).
 */
import type { ReactNode } from 'react';
import type { User } from '#shared/schemas/user';
import { Progress } from '../../components/progress';
import { pricingTexts as texts } from './texts';
import { StripePricingTable } from './stripe-pricing-table';
import { usePricingTableReference } from './use-pricing-table-reference';

export function PricingTableChoice({
  tableId,
  publishableKey,
  authReady,
  user,
  planCards,
}: {
  tableId: string;
  publishableKey: string;
  /** Whether the sign-in check has answered: until then a seller could be taken for a visitor. */
  authReady: boolean;
  user: User | null;
  planCards: ReactNode;
}) {
  const reference = usePricingTableReference(authReady && user ? user.id : null);
  if (!authReady || reference.status === 'minting') return <Progress label={texts.loadingPlans} />;
  if (reference.status === 'failed') return planCards;
  if (reference.status === 'none')
    return <StripePricingTable tableId={tableId} publishableKey={publishableKey} />;
  return (
    <StripePricingTable
      // A new reference makes a new element: the table reads its attributes when it starts.
      key={reference.reference}
      tableId={tableId}
      publishableKey={publishableKey}
      {...(user && { email: user.email })}
      clientReferenceId={reference.reference}
    />
  );
}
