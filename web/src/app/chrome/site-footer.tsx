/**
 * The footer's content (public document, section 2 "Global chrome"): company legal name,
 * registration line and postal address, social links, Contact Us, Support, the legal pages and
 * 'Change Cookie Preferences', which reopens the cookie banner. A lazy chunk: no customer page waits
 * for it.
 */
import { Link } from 'react-router';
import { getEnv } from '../../config/env';
import { openCookiePreferences } from '../../lib/consent/consent-record';
import { companyDetails as company } from '../../lib/texts/company';
import { footerTexts as texts } from '../../lib/texts/footer';
import './chrome.css';

export function SiteFooter() {
  const supportEmail = getEnv().VITE_SUPPORT_EMAIL;
  return (
    <div className="footer-grid">
      <div className="footer-company">
        <p className="footer-legal-name">{company.legalName}</p>
        <p>{company.registration}</p>
        <address>
          {company.postalAddress.map((line) => (
            <span key={line}>{line}</span>
          ))}
        </address>
      </div>
      <nav aria-label={texts.linksLabel}>
        <ul className="footer-links">
          <li>
            <a href={`mailto:${supportEmail}`}>{texts.contactUs}</a>
          </li>
          <li>
            <Link to="/support">{texts.support}</Link>
          </li>
          <li>
            <Link to="/privacy">{texts.privacyPolicy}</Link>
          </li>
          <li>
            <Link to="/terms">{texts.termsOfService}</Link>
          </li>
          <li>
            <Link to="/acceptable-use-policy">{texts.acceptableUsePolicy}</Link>
          </li>
          <li>
            <Link to="/cancellation-refund">{texts.cancellationRefund}</Link>
          </li>
          <li>
            <button type="button" className="button-link" onClick={openCookiePreferences}>
              {texts.changeCookiePreferences}
            </button>
          </li>
        </ul>
      </nav>
      <nav aria-label={texts.useCasesLabel}>
        <ul className="footer-links">
          {texts.useCases.map((useCase) => (
            <li key={useCase.slug}>
              <Link to={`/use-cases/${useCase.slug}`}>{useCase.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <ul className="footer-social" aria-label={texts.socialLabel}>
        {company.socialLinks.map((link) => (
          <li key={link.name}>
            <a href={link.href} rel="noopener noreferrer" target="_blank">
              {link.name}
            </a>
          </li>
        ))}
      </ul>
      <p className="footer-copyright">{texts.copyright(new Date().getFullYear(), company.legalName)}</p>
    </div>
  );
}
