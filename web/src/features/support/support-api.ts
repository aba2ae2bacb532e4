/**
 * The support centre's FAQs from the content store (public document, section 7 "FAQ list giving
 * categories and FAQs"): published, not drafts, ordered by category then order, on the FAQ client
 * (API version 2024-01-01, no CDN). Grouping into categories happens in support-faqs.ts.
 */
import { contentErrors } from '#shared/texts/errors';
import { faqClient } from '../../lib/content';
import { groupFaqsByCategory, type SupportCategory, type SupportFaq } from './support-faqs';

export const SUPPORT_FAQS_QUERY = `*[_type == "faq" && published == true && !(_id in path("drafts.**"))]
  | order(category asc, order asc){ _id, category, "question": { "en": question.en }, "answer": { "en": answer.en } }`;

export async function fetchSupportFaqs(): Promise<SupportCategory[]> {
  try {
    return groupFaqsByCategory(await faqClient().fetch<SupportFaq[]>(SUPPORT_FAQS_QUERY));
  } catch (error) {
    throw new Error(contentErrors.fetchFaqs, { cause: error });
  }
}
