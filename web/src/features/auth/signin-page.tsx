/**
 * /signin (section 2): email and password, the reset modals, then the dashboard. A seller created by
 * an administrator chooses a new password first (the new-password step). Below the form, when the
 * runtime config has one, the hosted sign-in page: it returns to where the seller was going.
 */
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { resetErrors } from '#shared/texts/errors';
import { ErrorMessage } from '../../components/error-message';
import { PageHeading } from '../../components/page-heading';
import { safeReturnPath } from '../../lib/auth/oauth-state';
import { authTexts as texts } from './texts';
import { CredentialsForm } from './credentials-form';
import { HostedSignIn } from './hosted-sign-in';
import { NewPasswordStep } from './new-password-step';
import { ResetCompleteModal, ResetRequestModal, useResetFlow } from './reset-modals';

type Step = { name: 'credentials'; error?: string } | { name: 'newPassword' };

const fromGuard = (state: unknown, key: 'from' | 'endedBecause'): unknown =>
  typeof state === 'object' && state !== null && key in state
    ? (state as Record<string, unknown>)[key]
    : undefined;

/** Where the route guard was sending the seller (`state.from`), else the dashboard. */
const intendedPath = (state: unknown): string => safeReturnPath(fromGuard(state, 'from'));

/** Why the service ended the session (a removed team member), as the route guard passed it on. */
function endedBecause(state: unknown): string | undefined {
  const reason = fromGuard(state, 'endedBecause');
  return typeof reason === 'string' ? reason : undefined;
}

export function SignInPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [step, setStep] = useState<Step>({ name: 'credentials' });
  const [notice, setNotice] = useState<string | null>(null);
  const reset = useResetFlow(() => setNotice(resetErrors.complete));
  const signedIn = () => navigate('/dashboard', { replace: true });
  const ended = endedBecause(location.state);

  return (
    <section className="panel">
      <PageHeading>{texts.signInTitle}</PageHeading>
      {ended && !notice && <ErrorMessage message={ended} />}
      {notice && (
        <p className="success-message" role="alert">
          {notice}
        </p>
      )}
      {step.name === 'newPassword' ? (
        <NewPasswordStep
          email={email.trim()}
          onSignedIn={signedIn}
          onExpired={(message) => setStep({ name: 'credentials', error: message })}
          onCancel={() => setStep({ name: 'credentials' })}
        />
      ) : (
        <>
          <CredentialsForm
            email={email}
            onEmailChange={setEmail}
            initialError={step.error}
            onSignedIn={signedIn}
            onNewPasswordRequired={() => {
              setNotice(null);
              setStep({ name: 'newPassword' });
            }}
            onForgotPassword={() => {
              setNotice(null);
              reset.open(email);
            }}
          />
          <HostedSignIn returnTo={intendedPath(location.state)} />
          <p>
            {texts.noAccount} <Link to="/signup">{texts.signUp}</Link>
          </p>
        </>
      )}
      {reset.step === 'request' && (
        <ResetRequestModal initialEmail={reset.email} onClose={reset.close} onSent={reset.requested} />
      )}
      {reset.step === 'complete' && (
        <ResetCompleteModal email={reset.email} onClose={reset.close} onDone={reset.completed} />
      )}
    </section>
  );
}
