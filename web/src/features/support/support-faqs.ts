/**
 * The support centre's rules, free of React and of the content store: grouping FAQs into the tabbed
 * categories (public document, section 3 "FAQ list for support"), category titles, and the deep-link
 * hash 'category-faqId' (section 2).
 */
import type { PortableTextBlock } from '@portabletext/react';
import { supportCategoryTitles } from './texts';

export interface SupportFaq {
  _id: string;
  category: string;
  question: { en: string };
  answer: { en: PortableTextBlock[] };
}

export type SupportFaqItem = Omit<SupportFaq, 'category'>;

export interface SupportCategory {
  category: string;
  title: string;
  items: SupportFaqItem[];
}

/** Tab order; the first is the default tab. Categories not listed follow in the order they arrive. */
export const CATEGORY_ORDER = ['account', 'technical', 'general', 'product', 'shipping', 'returns'] as const;

export const DEFAULT_CATEGORY = CATEGORY_ORDER[0];

/** The spec's title of a category; an unknown category shows its raw key. */
export function categoryTitle(category: string): string {
  return Object.hasOwn(supportCategoryTitles, category) ? supportCategoryTitles[category]! : category;
}

const rank = (category: string): number => {
  const index = (CATEGORY_ORDER as readonly string[]).indexOf(category);
  return index === -1 ? CATEGORY_ORDER.length : index;
};

/** FAQs (already ordered by category, then order) grouped into categories in tab order. */
export function groupFaqsByCategory(faqs: SupportFaq[]): SupportCategory[] {
  const groups = new Map<string, SupportFaqItem[]>();
  for (const { category, ...item } of faqs) {
    const items = groups.get(category) ?? [];
    items.push(item);
    groups.set(category, items);
  }
  // Array.prototype.sort is stable, so unknown categories keep their arrival order.
  return [...groups.entries()]
    .map(([category, items]) => ({ category, title: categoryTitle(category), items }))
    .sort((a, b) => rank(a.category) - rank(b.category));
}

/** The tab shown first: account when it has FAQs, else the first category there is. */
export function initialCategory(categories: SupportCategory[]): string | undefined {
  return categories.find((group) => group.category === DEFAULT_CATEGORY)?.category ?? categories[0]?.category;
}

/** The URL fragment (without '#') that opens one FAQ: 'category-faqId'. */
export const faqHash = (category: string, faqId: string): string => `${category}-${faqId}`;

export interface FaqTarget {
  category: string;
  faqId: string;
}

/**
 * The FAQ a location hash ('#technical-faq-technical-2') points at, among the loaded categories.
 * Category keys and FAQ ids may both contain dashes, so the hash is matched against the real pairs
 * instead of being split at a dash. Anything else (an old link, '#main' of the skip link) is null.
 */
export function parseFaqHash(hash: string, categories: SupportCategory[]): FaqTarget | null {
  let fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  try {
    fragment = decodeURIComponent(fragment);
  } catch {
    return null;
  }
  for (const { category, items } of categories) {
    if (!fragment.startsWith(`${category}-`)) continue;
    const faqId = fragment.slice(category.length + 1);
    if (items.some((item) => item._id === faqId)) return { category, faqId };
  }
  return null;
}

/** The full address of one FAQ, for 'Copy Link': the page URL without its old hash, plus the FAQ's. */
export function faqUrl(pageUrl: string, category: string, faqId: string): string {
  const url = new URL(pageUrl);
  url.hash = faqHash(category, faqId);
  return url.href;
}
