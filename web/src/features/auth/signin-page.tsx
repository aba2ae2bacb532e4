/** /signin: email and password, the reset modals, then the dashboard (section 2). */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { resetErrors, signInErrors } from '../../../../shared/errors';
import { signInReady } from '../../../../shared/rules/account-validation';
import { ErrorMessage } from '../../components/error-message';
import { PasswordField, TextField } from '../../components/form-field';
import { PageHeading } from '../../components/page-heading';
import '../../components/forms.css';
import { useAuth } from '../../lib/auth/auth-store';
import { authTexts as texts } from '../../lib/texts/auth';
import { ResetCompleteModal, ResetRequestModal, useResetFlow } from './reset-modals';

const signInMessage = (error: unknown) =>
  error instanceof Error && error.message ? error.message : signInErrors.unexpected;

export function SignInPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reset = useResetFlow(() => setNotice(resetErrors.complete));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!signInReady(email, password)) return;
    setBusy(true);
    setError(null);
    try {
      await auth.signIn(email.trim(), password);
      navigate('/dashboard', { replace: true });
    } catch (failure) {
      setError(signInMessage(failure));
      setBusy(false);
    }
  };

  return (
    <section className="panel">
      <PageHeading>{texts.signInTitle}</PageHeading>
      {notice && (
        <p className="success-message" role="alert">
          {notice}
        </p>
      )}
      <form className="account-form" onSubmit={submit} noValidate aria-busy={busy}>
        <TextField
          label={texts.email}
          value={email}
          onChange={setEmail}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
        />
        <PasswordField
          label={texts.password}
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          required
        />
        <p>
          <Link
            to="/reset-password"
            onClick={(event) => {
              // The modal flow keeps the page; the link still works without script or in a new tab.
              if (event.metaKey || event.ctrlKey || event.shiftKey) return;
              event.preventDefault();
              setNotice(null);
              reset.open(email);
            }}
          >
            {texts.forgotPassword}
          </Link>
        </p>
        <ErrorMessage message={error} />
        <div className="actions">
          <button type="submit" className="button" disabled={busy || !signInReady(email, password)}>
            {busy ? texts.signingIn : texts.signIn}
          </button>
        </div>
      </form>
      <p>
        {texts.noAccount} <Link to="/signup">{texts.signUp}</Link>
      </p>
      {reset.step === 'request' && (
        <ResetRequestModal initialEmail={reset.email} onClose={reset.close} onSent={reset.requested} />
      )}
      {reset.step === 'complete' && (
        <ResetCompleteModal email={reset.email} onClose={reset.close} onDone={reset.completed} />
      )}
    </section>
  );
}
