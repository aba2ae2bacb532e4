/**
 * /signout: 'You have signed out' with a 5-second countdown to the home page. Without the
 * from_signout flag it goes home at once (someone opened the address directly).
 */
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { SIGNOUT_COUNTDOWN_SECONDS } from '#shared/rules/constants';
import { PageHeading } from '../../components/page-heading';
import { authTexts as texts } from './texts';

export function SignOutPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const fromSignOut = params.has('from_signout');
  const [seconds, setSeconds] = useState(SIGNOUT_COUNTDOWN_SECONDS);

  useEffect(() => {
    if (!fromSignOut) return;
    if (seconds <= 0) return void navigate('/', { replace: true });
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [fromSignOut, seconds, navigate]);

  if (!fromSignOut) return <Navigate to="/" replace />;
  return (
    <section className="panel">
      <PageHeading>{texts.signedOutTitle}</PageHeading>
      <p role="timer" aria-live="polite">
        {texts.redirectIn(seconds)}
      </p>
      <div className="actions">
        <Link to="/" className="button">
          {texts.goToHomePage}
        </Link>
      </div>
    </section>
  );
}
