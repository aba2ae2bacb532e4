/** The navigation's account links for a visitor who is not signed in: Sign In and the flag-driven call to action. */
import { Link, NavLink } from 'react-router';
import { featureFlags, primaryCallToAction } from '../../config/feature-flags';
import { navTexts as texts } from './nav-texts';

export function SignedOutLinks() {
  const callToAction = primaryCallToAction(featureFlags());
  return (
    <ul className="site-account">
      <li>
        <NavLink to="/signin">{texts.signIn}</NavLink>
      </li>
      <li>
        <Link to={callToAction.to} className="button nav-cta">
          {callToAction.label}
        </Link>
      </li>
    </ul>
  );
}
