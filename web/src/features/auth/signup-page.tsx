/** /signup: the create-account form; validation, then the human check, then sign-up (section 2). */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CAPTCHA_ACTIONS } from '#shared/rules/constants';
import { signUpError } from '#shared/rules/account-validation';
import { signUpErrors } from '#shared/texts/errors';
import { ErrorMessage } from '../../components/error-message';
import { NewPasswordFields, TextField } from '../../components/form-field';
import { PageHeading } from '../../components/page-heading';
import '../../components/forms.css';
import { useServices } from '../../lib/services';
import { authTexts as texts } from './texts';
import { useCheckedSubmit } from './use-checked-submit';

const EMPTY = { name: '', email: '', password: '', confirmPassword: '', inviteCode: '' };

export function SignUpPage() {
  const { api } = useServices();
  const navigate = useNavigate();
  const [form, setForm] = useState(EMPTY);
  const set = (field: keyof typeof EMPTY) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  // Validation first, then the robot check (whose failure stops the submit), then sign-up (section 4).
  const { error, busy, submit } = useCheckedSubmit({
    action: CAPTCHA_ACTIONS.signup,
    validate: () => signUpError(form),
    send: async (captchaToken) => {
      const email = form.email.trim();
      await api.signUp(undefined, {
        email,
        name: form.name.trim(),
        password: form.password,
        captchaToken,
        inviteCode: form.inviteCode.trim(),
      });
      navigate(`/signup-confirmation?email=${encodeURIComponent(email)}`);
    },
    failure: signUpErrors.createAccountFailed,
  });

  return (
    <section className="panel">
      <PageHeading>{texts.signUpTitle}</PageHeading>
      <p>{texts.signUpTagline}</p>
      <form className="account-form" onSubmit={submit} noValidate aria-busy={busy}>
        <TextField label={texts.fullName} value={form.name} onChange={set('name')} autoComplete="name" />
        <TextField
          label={texts.email}
          value={form.email}
          onChange={set('email')}
          type="email"
          autoComplete="email"
          inputMode="email"
        />
        <NewPasswordFields
          value={{ password: form.password, confirm: form.confirmPassword }}
          onChange={{ password: set('password'), confirm: set('confirmPassword') }}
        />
        <TextField
          label={texts.inviteCode}
          value={form.inviteCode}
          onChange={set('inviteCode')}
          autoComplete="off"
        />
        <ErrorMessage message={error} />
        <div className="actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? texts.creatingAccount : texts.createAccount}
          </button>
        </div>
      </form>
      <p>
        {texts.haveAccount} <Link to="/signin">{texts.signIn}</Link>
      </p>
    </section>
  );
}
