/** FAQ documents as Sanity stores them: localized question and rich-text answer, category and order. */
import { FAQS, type FaqCategory } from './faqs';
import { portableText } from './portable-text';

export function faqDocuments() {
  const documents = Object.entries(FAQS).flatMap(([category, items]) =>
    items.map((item, index) => {
      const id = `faq-${category as FaqCategory}-${index + 1}`;
      return {
        _id: id,
        _type: 'faq',
        question: { _type: 'localeString', en: item.question },
        answer: { _type: 'localeBlockContent', en: portableText(item.answer, id.replace(/-/g, '')) },
        category,
        order: index + 1,
        published: true,
      };
    }),
  );
  // One unpublished FAQ and one draft edit keep the "published, not drafts" filters honest.
  const first = documents[0]!;
  return [
    ...documents,
    {
      ...first,
      _id: `drafts.${first._id}`,
      question: { _type: 'localeString', en: 'What is Shutterlane? (draft)' },
    },
    {
      ...first,
      _id: 'faq-general-unpublished',
      question: { _type: 'localeString', en: 'Is Shutterlane available in my country?' },
      order: 99,
      published: false,
    },
  ];
}
