/** The home page's FAQs from the content store: the first 5 published general FAQs (spec sections 2 and 7). */
import type { PortableTextBlock } from '@portabletext/react';
import { HOME_FAQ_LIMIT } from '#shared/rules/constants';
import { contentErrors } from '#shared/texts/errors';
import { faqClient } from '../../lib/content';

export interface Faq {
  _id: string;
  question: { en: string };
  answer: { en: PortableTextBlock[] };
}

export const HOME_FAQS_QUERY = `*[_type == "faq" && category == "general" && published == true
  && !(_id in path("drafts.**"))] | order(order asc)[0...$limit]{ _id, question, answer }`;

export async function fetchHomeFaqs(): Promise<Faq[]> {
  try {
    return await faqClient().fetch<Faq[]>(HOME_FAQS_QUERY, { limit: HOME_FAQ_LIMIT });
  } catch (error) {
    throw new Error(contentErrors.fetchFaqs, { cause: error });
  }
}
