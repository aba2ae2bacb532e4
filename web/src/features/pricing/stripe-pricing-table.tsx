/**
 * Stripe's embedded pricing table, used instead of our plan cards when one is configured
 * (VITE_STRIPE_PRICING_TABLE_ID and VITE_STRIPE_PUBLISHABLE_KEY), prefilled with the signed-in seller's
 * email (account document, section 2) and the single-use reference the server minted for them as the
 * client reference: never the seller's id, which anyone could pass to the public table.
 */
import { createElement, useEffect } from 'react';

const SCRIPT_URL = 'https://js.stripe.com/v3/pricing-table.js';

function loadScript(): void {
  if (document.querySelector(`script[src="${SCRIPT_URL}"]`)) return;
  const script = document.createElement('script');
  script.src = SCRIPT_URL;
  script.async = true;
  document.head.append(script);
}

export function StripePricingTable(props: {
  tableId: string;
  publishableKey: string;
  email?: string;
  clientReferenceId?: string;
}) {
  useEffect(loadScript, []);
  return createElement('stripe-pricing-table', {
    'pricing-table-id': props.tableId,
    'publishable-key': props.publishableKey,
    ...(props.email && { 'customer-email': props.email }),
    ...(props.clientReferenceId && { 'client-reference-id': props.clientReferenceId }),
  });
}
