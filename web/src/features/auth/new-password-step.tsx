/**
 * /signin's step for a seller an administrator created: Cognito accepted the temporary password and
 * wants a new one (NEW_PASSWORD_REQUIRED) before it signs them in. Same rule as account set-up.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { accountSetupError } from '#shared/rules/account-validation';
import { ErrorMessage } from '../../components/error-message';
import { NewPasswordFields, TextField } from '../../components/form-field';
import '../../components/forms.css';
import { useAuth } from '../../lib/auth/auth-store';
import { SignInSessionExpiredError } from '../../lib/auth/sign-in-outcome';
import { authTexts as texts } from './texts';
import { useFormSubmit } from '../../lib/use-form-submit';
import { signInMessage } from './sign-in-message';

export interface NewPasswordStepProps {
  email: string;
  onSignedIn: () => void;
  /** The challenge expired: the seller signs in again; `message` says so. */
  onExpired: (message: string) => void;
  onCancel: () => void;
}

export function NewPasswordStep(props: NewPasswordStepProps) {
  const auth = useAuth();
  const [form, setForm] = useState({ password: '', confirmPassword: '' });
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  // This step replaces the form the seller just used: start them (and their screen reader) at its title.
  useEffect(() => title.current?.focus(), []);
  const set = (field: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const { error, busy, submit } = useFormSubmit({
    validate: () => accountSetupError(form),
    send: async () => {
      try {
        await auth.confirmNewPassword(form.password);
      } catch (failure) {
        // The challenge expired: the seller starts over at sign-in, which says why.
        if (failure instanceof SignInSessionExpiredError) return props.onExpired(failure.message);
        throw failure;
      }
      props.onSignedIn();
    },
    failure: signInMessage,
  });

  return (
    <form className="account-form" onSubmit={submit} noValidate aria-busy={busy} aria-labelledby={titleId}>
      <h2 id={titleId} ref={title} tabIndex={-1}>
        {texts.newPasswordTitle}
      </h2>
      <p>{texts.newPasswordIntro}</p>
      {/* Tells password managers whose password this is. */}
      <TextField
        label={texts.email}
        value={props.email}
        onChange={() => undefined}
        readOnly
        type="email"
        autoComplete="username"
      />
      <NewPasswordFields
        value={{ password: form.password, confirm: form.confirmPassword }}
        onChange={{ password: set('password'), confirm: set('confirmPassword') }}
        replacing
      />
      <ErrorMessage message={error} />
      <div className="actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? texts.savingPassword : texts.newPasswordSubmit}
        </button>
        <button type="button" className="button button-secondary" onClick={props.onCancel}>
          {texts.cancel}
        </button>
      </div>
    </form>
  );
}
