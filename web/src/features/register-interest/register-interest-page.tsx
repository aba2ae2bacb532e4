/**
 * /register-interest, the waiting list behind its flag (public document, section 2: the screen is not
 * shown). Our version: an invitation to email the support mailbox with a prefilled subject and a body
 * asking for the business type; nothing is stored by us, so there is no form to fail.
 */
import { PageHeading } from '../../components/page-heading';
import { usePageMeta } from '../../lib/seo/page-meta';
import { registerInterestTexts as texts } from './texts';
import { waitlistMailto } from './waitlist-mail';

export function RegisterInterestPage({ email = import.meta.env.VITE_SUPPORT_EMAIL }: { email?: string }) {
  usePageMeta({ title: texts.heading, description: texts.description });
  return (
    <section className="panel">
      <PageHeading>{texts.heading}</PageHeading>
      <p>{texts.intro}</p>
      <p>{texts.askBusinessType}</p>
      <div className="actions">
        <a className="button" href={waitlistMailto(email)}>
          {texts.emailButton}
        </a>
      </div>
      <p className="hint">
        {texts.emailFallbackPrefix} <a href={`mailto:${email}`}>{email}</a>
      </p>
    </section>
  );
}
