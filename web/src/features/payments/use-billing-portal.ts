/** Opens the Stripe billing portal in a new tab ('Manage Subscription', 'Upgrade Now'). */
import { useState } from 'react';
import { useServices } from '../../lib/services';
import { openInNewTab } from './open-in-new-tab';

export function useBillingPortal() {
  const { api } = useServices();
  const [opening, setOpening] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = () => {
    setOpening(true);
    setError(null);
    openInNewTab(async () => (await api.billingPortal(undefined, {})).url)
      .catch((failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)))
      .finally(() => setOpening(false));
  };
  return { open, opening, error };
}
