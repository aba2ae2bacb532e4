/**
 * The FAQ accordion's analytics event (public document, section 2: labels are the first 50 characters
 * of the question). Sent only when the Google tag is on the page, which happens only after analytics
 * consent (web/src/lib/consent), so nothing is recorded or queued before it.
 */
export const FAQ_LABEL_LENGTH = 50;

export const faqAnalyticsLabel = (question: string): string => question.slice(0, FAQ_LABEL_LENGTH);

export function trackFaqOpened(question: string): void {
  window.gtag?.('event', 'faq_open', { event_category: 'FAQ', event_label: faqAnalyticsLabel(question) });
}
