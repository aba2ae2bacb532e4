/**
 * The support centre's selection: the open tab and the open FAQ, driven by the user and by the
 * location hash 'category-faqId' (public document, section 2). A hash that names a loaded FAQ, on
 * arrival or when it changes on the page, selects its tab, opens it, and scrolls it into view.
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { faqHash, initialCategory, parseFaqHash, type SupportCategory } from './support-faqs';

interface ScrollRequest {
  anchor: string;
}

export interface FaqSelection {
  selected: string | undefined;
  openId: string | null;
  selectCategory: (category: string) => void;
  toggleFaq: (faqId: string) => void;
}

export function useFaqDeepLink(categories: SupportCategory[] | null): FaqSelection {
  const { hash } = useLocation();
  const [chosenCategory, setChosenCategory] = useState<string | undefined>();
  const [openId, setOpenId] = useState<string | null>(null);
  const [handled, setHandled] = useState<{ hash: string; categories: SupportCategory[] } | null>(null);
  const [scrollRequest, setScrollRequest] = useState<ScrollRequest | null>(null);

  // Adjusting state while rendering (not in an effect) when the hash or the data changes, as React
  // advises: the tab and the item are right in the very first render that shows the FAQs.
  if (categories && (handled?.hash !== hash || handled.categories !== categories)) {
    setHandled({ hash, categories });
    const target = parseFaqHash(hash, categories);
    if (target) {
      setChosenCategory(target.category);
      setOpenId(target.faqId);
      setScrollRequest({ anchor: faqHash(target.category, target.faqId) });
    }
  }

  useEffect(() => {
    if (!scrollRequest) return;
    const item = document.getElementById(scrollRequest.anchor);
    item?.scrollIntoView({ block: 'start' });
    // Keyboard and screen-reader users continue from the linked question.
    item?.querySelector<HTMLButtonElement>('button[aria-expanded]')?.focus({ preventScroll: true });
  }, [scrollRequest]);

  return {
    selected: chosenCategory ?? (categories ? initialCategory(categories) : undefined),
    openId,
    selectCategory: setChosenCategory,
    toggleFaq: (faqId) => setOpenId((current) => (current === faqId ? null : faqId)),
  };
}
