/**
 * The navigation's account links once this browser holds a seller session: Dashboard and Sign Out, or the
 * signed-out links when the session check found nobody. A chunk of its own: the auth store it reads (and
 * the schemas the store parses stored users with) stays off the pages of customers, who have no session.
 */
import { NavLink, useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth/auth-store';
import { hasStoredSession } from '../../lib/auth/session-hint';
import { navTexts as texts } from './nav-texts';
import { SignedOutLinks } from './signed-out-links';

export function SessionLinks() {
  const { status, user, signOut } = useAuth();
  const navigate = useNavigate();
  const signedIn = status === 'ready' ? user !== null : hasStoredSession();
  if (!signedIn) return <SignedOutLinks />;
  return (
    <ul className="site-account">
      <li>
        <NavLink to="/dashboard">{texts.dashboard}</NavLink>
      </li>
      <li>
        <button
          type="button"
          className="button-link"
          onClick={async () => {
            // Sign-out failures are logged by signOut; the user is cleared and sent home regardless.
            await signOut();
            navigate('/');
          }}
        >
          {texts.signOut}
        </button>
      </li>
    </ul>
  );
}
