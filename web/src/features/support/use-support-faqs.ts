/** Loads the support FAQs once; the page shows loading, the error text, or the categories. */
import { useEffect, useState } from 'react';
import type { SupportCategory } from './support-faqs';

export type SupportFaqsState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; categories: SupportCategory[] };

export function useSupportFaqs(load: () => Promise<SupportCategory[]>): SupportFaqsState {
  const [state, setState] = useState<SupportFaqsState>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    load().then(
      (categories) => current && setState({ status: 'ready', categories }),
      () => current && setState({ status: 'error' }),
    );
    return () => {
      current = false;
    };
  }, [load]);
  return state;
}
