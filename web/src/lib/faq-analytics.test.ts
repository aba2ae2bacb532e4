// @vitest-environment happy-dom
import { afterEach, expect, it, vi } from 'vitest';
import { faqAnalyticsLabel, trackFaqOpened } from './faq-analytics';

afterEach(() => {
  delete window.gtag;
});

const long = 'What personal data do you keep about my customers and for how long?';

it('labels an FAQ with the first 50 characters of its question', () => {
  expect(faqAnalyticsLabel(long)).toBe('What personal data do you keep about my customers ');
  expect(faqAnalyticsLabel(long)).toHaveLength(50);
  expect(faqAnalyticsLabel('Short?')).toBe('Short?');
});

it('sends the event only when the Google tag is loaded (after analytics consent)', () => {
  expect(() => trackFaqOpened(long)).not.toThrow();
  const gtag = vi.fn();
  window.gtag = gtag;
  trackFaqOpened(long);
  expect(gtag).toHaveBeenCalledWith('event', 'faq_open', {
    event_category: 'FAQ',
    event_label: 'What personal data do you keep about my customers ',
  });
});
