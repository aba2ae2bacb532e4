/**
 * The footer's content (public document, section 2 "Global chrome"): company legal name,
 * registration line and postal address, social links, Contact Us, Support, the legal pages and
 * 'Change Cookie Preferences', which reopens the cookie banner. A lazy chunk: no customer page waits
 * for it. The company details are build settings (config/company.ts); unset, as on the dev server, the
 * footer shows their 'not set' texts and leaves out the address and the social list.
 */
import { Link } from 'react-router';
import { companyDetails } from '../../config/company';
import { getEnv } from '../../config/env';
import { openCookiePreferences } from '../../lib/consent/consent-record';
import { footerTexts as texts } from './footer-texts';
import './chrome.css';

export function SiteFooter() {
  const supportEmail = getEnv().VITE_SUPPORT_EMAIL;
  const company = companyDetails();
  const hasSocialLinks = company.socialLinks.length > 0;
  return (
    <div className={hasSocialLinks ? 'footer-grid' : 'footer-grid footer-grid-no-social'}>
      <div className="footer-company">
        <p className="footer-legal-name">{company.legalName}</p>
        <p>{company.registration}</p>
        {company.addressLines.length > 0 && (
          <address>
            {company.addressLines.map((line, index) => (
              // Lines may repeat (two "Unit 1"s are unlikely, but allowed): their place is their key.
              <span key={index}>{line}</span>
            ))}
          </address>
        )}
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
      {hasSocialLinks && (
        <ul className="footer-social" aria-label={texts.socialLabel}>
          {company.socialLinks.map((link) => (
            <li key={link.name}>
              <a href={link.href} rel="noopener noreferrer" target="_blank">
                {link.name}
              </a>
            </li>
          ))}
        </ul>
      )}
      <p className="footer-copyright">{texts.copyright(new Date().getFullYear(), company.legalName)}</p>
    </div>
  );
}
