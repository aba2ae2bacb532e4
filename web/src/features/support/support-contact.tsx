/** The way to a person: the external support portal and the two support mailboxes (public document, section 2). */
import { supportTexts as texts } from './texts';

export interface SupportContacts {
  portalUrl: string;
  supportEmail: string;
  billingEmail: string;
}

export const supportContacts = (): SupportContacts => ({
  portalUrl: import.meta.env.VITE_SUPPORT_PORTAL_URL,
  supportEmail: import.meta.env.VITE_SUPPORT_EMAIL,
  billingEmail: import.meta.env.VITE_BILLING_EMAIL,
});

export function SupportContact({ contacts }: { contacts: SupportContacts }) {
  return (
    <section className="support-contact" aria-labelledby="support-contact-heading">
      <h2 id="support-contact-heading">{texts.contactHeading}</h2>
      <p>
        <a className="button" href={contacts.portalUrl} target="_blank" rel="noopener noreferrer">
          {texts.portalLink}
          <span className="support-visually-hidden"> {texts.opensInNewTab}</span>
        </a>
      </p>
      <p className="hint">{texts.portalNote}</p>
      <ul className="support-mailboxes">
        <li>
          {texts.supportMailboxLabel} <a href={`mailto:${contacts.supportEmail}`}>{contacts.supportEmail}</a>
        </li>
        <li>
          {texts.billingMailboxLabel} <a href={`mailto:${contacts.billingEmail}`}>{contacts.billingEmail}</a>
        </li>
      </ul>
    </section>
  );
}
