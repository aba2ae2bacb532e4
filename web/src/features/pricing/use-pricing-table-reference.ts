/**
 * The signed-in seller's reference for Stripe's pricing table (POST /billing/pricing-table-reference):
 * the only `client-reference-id` our webhook believes. Minted when the table is shown, and again before
 * it runs out, so a page left open never offers a checkout that would subscribe nobody. Timers sleep
 * with the tab or the laptop, so coming back to the page renews an overdue reference at once.
 */
import { useEffect, useState } from 'react';
import { useServices } from '../../lib/services';

export type PricingTableReferenceState =
  /** No seller: the table is shown without a reference, as for any visitor. */
  { status: 'none' } | { status: 'minting' } | { status: 'ready'; reference: string } | { status: 'failed' };

/** Renewed this long before it runs out: time for the click and Stripe's checkout to start. */
export const RENEW_BEFORE_EXPIRY_MS = 5 * 60 * 1000;
/** Never sooner than this after the last one, whatever the server answers. */
const MIN_RENEW_INTERVAL_MS = 60 * 1000;

type Minted = Exclude<PricingTableReferenceState, { status: 'none' | 'minting' }>;

export function usePricingTableReference(sellerId: string | null): PricingTableReferenceState {
  const { api } = useServices();
  // Tagged with its seller, so a change of seller reads as 'minting' until their own arrives.
  const [minted, setMinted] = useState<{ sellerId: string; state: Minted } | null>(null);

  useEffect(() => {
    if (!sellerId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let renewAt = Number.POSITIVE_INFINITY;
    const mint = () => {
      clearTimeout(timer);
      renewAt = Number.POSITIVE_INFINITY;
      api.pricingTableReference(undefined, {}).then(
        ({ reference, expiresInSeconds }) => {
          if (stopped) return;
          setMinted({ sellerId, state: { status: 'ready', reference } });
          const renewIn = Math.max(expiresInSeconds * 1000 - RENEW_BEFORE_EXPIRY_MS, MIN_RENEW_INTERVAL_MS);
          renewAt = Date.now() + renewIn;
          timer = setTimeout(mint, renewIn);
        },
        (error: unknown) => {
          if (stopped) return;
          console.error('Could not get a pricing-table reference', error);
          setMinted({ sellerId, state: { status: 'failed' } });
        },
      );
    };
    const renewIfOverdue = () => {
      if (document.visibilityState === 'visible' && Date.now() >= renewAt) mint();
    };
    mint();
    document.addEventListener('visibilitychange', renewIfOverdue);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', renewIfOverdue);
    };
  }, [api, sellerId]);

  if (!sellerId) return { status: 'none' };
  return minted?.sellerId === sellerId ? minted.state : { status: 'minting' };
}
