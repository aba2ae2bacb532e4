/**
 * The navigation bar: signed in, Dashboard and Sign Out; signed out, Sign In and the sign-up call to
 * action. On customer routes the session is not checked (that would load the sign-in library), so a
 * stored session decides until a seller route has checked it.
 */
import { Link, useNavigate } from 'react-router';
import { useAuth } from '../lib/auth/auth-store';
import { hasStoredSession } from '../lib/auth/session-hint';
import { navTexts as texts } from '../lib/texts/nav';

export function SiteNav() {
  const { status, user, signOut } = useAuth();
  const navigate = useNavigate();
  const signedIn = status === 'ready' ? user !== null : hasStoredSession();
  return (
    <nav className="site-nav" aria-label={texts.label}>
      {signedIn ? (
        <>
          <Link to="/dashboard">{texts.dashboard}</Link>
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
        </>
      ) : (
        <>
          <Link to="/signin">{texts.signIn}</Link>
          <Link to="/signup" className="button">
            {texts.signUp}
          </Link>
        </>
      )}
    </nav>
  );
}
