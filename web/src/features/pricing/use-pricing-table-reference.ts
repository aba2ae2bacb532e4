/**
 * The signed-in seller's reference for Stripe's pricing table (POST /billing/pricing-table-reference):
 * the only `client-reference-id` our webhook believes. Minted when the table is shown, and again before
 * it runs out, so a page left open never offers a checkout that would subscribe nobody. Timers sleep
 * with the tab or the laptop, so coming back to the page renews an overdue reference at once.
 */
import { useServices } from '../../lib/services';
import { useQuery } from '../../lib/use-query';

export type PricingTableReferenceState =
  /** No seller: the table is shown without a reference, as for any visitor. */
  { status: 'none' } | { status: 'minting' } | { status: 'ready'; reference: string } | { status: 'failed' };

/** Renewed this long before it runs out: time for the click and Stripe's checkout to start. */
export const RENEW_BEFORE_EXPIRY_MS = 5 * 60 * 1000;
/** Never sooner than this after the last one, whatever the server answers. */
const MIN_RENEW_INTERVAL_MS = 60 * 1000;

export function usePricingTableReference(sellerId: string | null): PricingTableReferenceState {
  const { api } = useServices();
  // Keyed by seller, so a change of seller reads as 'minting' until their own arrives. A failed
  // renewal is not retried: the page falls back to the plan cards.
  const minted = useQuery({
    key: ['pricing-table-reference', sellerId],
    enabled: sellerId !== null,
    load: () =>
      api.pricingTableReference(undefined, {}).catch((error: unknown) => {
        console.error('Could not get a pricing-table reference', error);
        throw error;
      }),
    pollAfter: ({ data, error }) =>
      data && !error
        ? Math.max(data.expiresInSeconds * 1000 - RENEW_BEFORE_EXPIRY_MS, MIN_RENEW_INTERVAL_MS)
        : false,
  });

  if (!sellerId) return { status: 'none' };
  if (minted.status === 'loading') return { status: 'minting' };
  if (minted.status === 'error') return { status: 'failed' };
  return { status: 'ready', reference: minted.data.reference };
}
