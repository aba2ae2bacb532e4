/**
 * /signin's email-and-password form (section 2) with its 'Forgot password?' link. What the sign-in led
 * to goes to the page; an address not verified yet gets the way to ask for a new link right here.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { signInReady } from '#shared/rules/account-validation';
import { ErrorMessage } from '../../components/error-message';
import { PasswordField, TextField } from '../../components/form-field';
import '../../components/forms.css';
import { useAuth } from '../../lib/auth/auth-store';
import { signInFlowErrors } from '../../lib/auth/sign-in-errors';
import { authTexts as texts } from './texts';
import { useAction } from '../../lib/use-action';
import { ResendVerification } from './resend-verification';
import { signInMessage } from './sign-in-message';

export interface CredentialsFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  /** Shown on arrival, e.g. why the seller is back here from the new-password step. */
  initialError?: string | null;
  onSignedIn: () => void;
  onNewPasswordRequired: () => void;
  onForgotPassword: () => void;
}

export function CredentialsForm(props: CredentialsFormProps) {
  const auth = useAuth();
  const [password, setPassword] = useState('');
  const [unverified, setUnverified] = useState(false);
  const { email } = props;
  const signIn = useAction({
    run: async () => {
      setUnverified(false);
      const outcome = await auth.signIn(email.trim(), password);
      if (outcome === 'signedIn') return props.onSignedIn();
      if (outcome === 'newPasswordRequired') return props.onNewPasswordRequired();
      setUnverified(true);
      return signInFlowErrors.emailNotVerified;
    },
    failure: signInMessage,
    stayBusy: true,
  });
  const { busy } = signIn;
  // Until the first submit, the message the page arrived with (e.g. an expired challenge).
  const [submitted, setSubmitted] = useState(false);
  const error = submitted ? signIn.error : (props.initialError ?? null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!signInReady(email, password)) return;
    setSubmitted(true);
    await signIn.run();
  };

  return (
    <>
      <form className="account-form" onSubmit={submit} noValidate aria-busy={busy}>
        <TextField
          label={texts.email}
          value={email}
          onChange={props.onEmailChange}
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
              props.onForgotPassword();
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
      {/* Its own form after this one: forms cannot nest. */}
      {unverified && <ResendVerification email={email.trim()} />}
    </>
  );
}
