/** The prefilled email that asks to join the waiting list (our decision: no backend, see docs/decisions.md). */
import { registerInterestTexts as texts } from './texts';

export function waitlistMailto(email: string): string {
  const query = new URLSearchParams({ subject: texts.mailSubject, body: texts.mailBody });
  // Mail clients read '+' literally: encode spaces as %20 (RFC 6068).
  return `mailto:${email}?${query.toString().replace(/\+/g, '%20')}`;
}
