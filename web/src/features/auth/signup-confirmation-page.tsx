/**
 * /signup-confirmation?email=…: 'Verify Your Email', with a way to ask for a new link; without the
 * email it goes back to /signup.
 */
import { Link, Navigate, useSearchParams } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { getEnv } from '../../config/env';
import { authTexts as texts } from './texts';
import { ResendVerification } from './resend-verification';

export function SignUpConfirmationPage() {
  const [params] = useSearchParams();
  const email = params.get('email');
  if (!email) return <Navigate to="/signup" replace />;
  const support = getEnv().VITE_SUPPORT_EMAIL;
  return (
    <section className="panel">
      <PageHeading>{texts.verifyEmailTitle}</PageHeading>
      <p>{texts.verifyEmailSent(email)}</p>
      <p>{texts.verifyEmailAdvice(support)}</p>
      <ResendVerification email={email} />
      <div className="actions">
        <Link to={`/signin?email=${encodeURIComponent(email)}`} className="button">
          {texts.goToSignIn}
        </Link>
      </div>
    </section>
  );
}
