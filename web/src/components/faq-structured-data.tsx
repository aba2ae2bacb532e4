/**
 * The FAQ structured-data element (schema.org FAQPage JSON-LD in the document head), updated from the
 * FAQs a page fetched (public document, section 7), and removed when the page goes.
 */
import { toPlainText, type PortableTextBlock } from '@portabletext/react';
import { useEffect } from 'react';

export interface StructuredFaq {
  question: { en: string };
  answer: { en: PortableTextBlock[] };
}

const ELEMENT_ID = 'faq-structured-data';

export function faqStructuredData(faqs: StructuredFaq[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqs.map((faq) => ({
      '@type': 'Question',
      name: faq.question.en,
      acceptedAnswer: { '@type': 'Answer', text: toPlainText(faq.answer.en) },
    })),
  };
}

export function FaqStructuredData({ faqs }: { faqs: StructuredFaq[] }) {
  useEffect(() => {
    if (faqs.length === 0) return;
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.id = ELEMENT_ID;
    script.textContent = JSON.stringify(faqStructuredData(faqs));
    document.getElementById(ELEMENT_ID)?.remove();
    document.head.append(script);
    return () => script.remove();
  }, [faqs]);
  return null;
}
