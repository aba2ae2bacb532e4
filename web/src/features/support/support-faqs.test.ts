import { describe, expect, it } from 'vitest';
import {
  categoryTitle,
  faqHash,
  faqUrl,
  groupFaqsByCategory,
  initialCategory,
  parseFaqHash,
  type SupportFaq,
} from './support-faqs';

const faq = (category: string, n: number): SupportFaq => ({
  _id: `faq-${category}-${n}`,
  category,
  question: { en: `${category} question ${n}?` },
  answer: { en: [] },
});

describe('categoryTitle', () => {
  it("gives the spec's titles and the raw key of an unknown category", () => {
    expect(categoryTitle('general')).toBe('General Support');
    expect(categoryTitle('product')).toBe('Product');
    expect(categoryTitle('shipping')).toBe('Shipping');
    expect(categoryTitle('returns')).toBe('Returns');
    expect(categoryTitle('account')).toBe('Account Lifecycle');
    expect(categoryTitle('technical')).toBe('Data Lifecycle & Privacy');
    expect(categoryTitle('billing-extras')).toBe('billing-extras');
    expect(categoryTitle('toString')).toBe('toString');
  });
});

describe('groupFaqsByCategory', () => {
  it('groups in tab order (account, technical, general, product, shipping, returns), unknown ones last', () => {
    const faqs = [
      faq('account', 1),
      faq('account', 2),
      faq('zeta', 1),
      faq('general', 1),
      faq('alpha', 1),
      faq('product', 1),
      faq('returns', 1),
      faq('shipping', 1),
      faq('technical', 1),
    ];
    const groups = groupFaqsByCategory(faqs);
    expect(groups.map((group) => group.category)).toEqual([
      'account',
      'technical',
      'general',
      'product',
      'shipping',
      'returns',
      'zeta',
      'alpha',
    ]);
    expect(groups[0]).toEqual({
      category: 'account',
      title: 'Account Lifecycle',
      items: [
        { _id: 'faq-account-1', question: { en: 'account question 1?' }, answer: { en: [] } },
        { _id: 'faq-account-2', question: { en: 'account question 2?' }, answer: { en: [] } },
      ],
    });
    expect(groups[6]?.title).toBe('zeta');
  });

  it('gives nothing for no FAQs', () => {
    expect(groupFaqsByCategory([])).toEqual([]);
  });
});

describe('initialCategory', () => {
  it('is account by default, else the first category there is', () => {
    expect(initialCategory(groupFaqsByCategory([faq('general', 1), faq('account', 1)]))).toBe('account');
    expect(initialCategory(groupFaqsByCategory([faq('returns', 1), faq('general', 1)]))).toBe('general');
    expect(initialCategory([])).toBeUndefined();
  });
});

describe('deep-link hashes', () => {
  const groups = groupFaqsByCategory([
    faq('technical', 2),
    faq('general', 1),
    faq('data-rights', 1),
    faq('data', 1),
  ]);

  it("formats 'category-faqId'", () => {
    expect(faqHash('technical', 'faq-technical-2')).toBe('technical-faq-technical-2');
  });

  it('finds the FAQ a hash names, with or without the #, even when keys contain dashes', () => {
    expect(parseFaqHash('#technical-faq-technical-2', groups)).toEqual({
      category: 'technical',
      faqId: 'faq-technical-2',
    });
    expect(parseFaqHash('general-faq-general-1', groups)).toEqual({
      category: 'general',
      faqId: 'faq-general-1',
    });
    expect(parseFaqHash('#data-rights-faq-data-rights-1', groups)).toEqual({
      category: 'data-rights',
      faqId: 'faq-data-rights-1',
    });
    expect(parseFaqHash('#data-faq-data-1', groups)).toEqual({ category: 'data', faqId: 'faq-data-1' });
  });

  it('ignores hashes that name no loaded FAQ', () => {
    expect(parseFaqHash('', groups)).toBeNull();
    expect(parseFaqHash('#main', groups)).toBeNull();
    expect(parseFaqHash('#technical-faq-technical-9', groups)).toBeNull();
    expect(parseFaqHash('#general-faq-technical-2', groups)).toBeNull();
    expect(parseFaqHash('#technical', groups)).toBeNull();
    expect(parseFaqHash('#%E0%A4%A', groups)).toBeNull();
  });

  it('builds the full URL of an FAQ, replacing any hash the page had', () => {
    expect(faqUrl('https://shutterlane.com/support', 'technical', 'faq-technical-2')).toBe(
      'https://shutterlane.com/support#technical-faq-technical-2',
    );
    expect(faqUrl('http://localhost:5173/support#general-faq-general-1', 'account', 'faq-account-3')).toBe(
      'http://localhost:5173/support#account-faq-account-3',
    );
  });
});
