/**
 * /reset-password: request a code, or (with code and email in the query) choose the new password;
 * 2 seconds after success it goes to sign-in. While the human check and the call run the form is busy.
 */
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CAPTCHA_ACTIONS, RESET_SUCCESS_REDIRECT_MS } from '#shared/constants';
import { resetErrors } from '#shared/errors';
import { resetConfirmPageError } from '#shared/rules/account-validation';
import { ErrorMessage } from '../../components/error-message';
import { NewPasswordFields, TextField } from '../../components/form-field';
import { PageHeading } from '../../components/page-heading';
import '../../components/forms.css';
import { useServices } from '../../lib/services';
import { authTexts as texts } from '../../lib/texts/auth';
import { useCheckedSubmit } from './use-checked-submit';

function RequestStep() {
  const { api } = useServices();
  const [email, setEmail] = useState('');
  const [done, setDone] = useState(false);
  const { error, busy, submit } = useCheckedSubmit({
    action: CAPTCHA_ACTIONS.requestPasswordReset,
    send: async (captchaToken) => {
      await api.requestPasswordReset(undefined, { email: email.trim(), captchaToken });
      setDone(true);
    },
    failure: resetErrors.requestError,
  });
  if (done) return <p className="success-message">{texts.resetRequestDone}</p>;
  return (
    <form className="account-form" onSubmit={submit}>
      <p>{texts.resetRequestIntro}</p>
      <TextField
        label={texts.email}
        value={email}
        onChange={setEmail}
        type="email"
        autoComplete="email"
        required
      />
      <ErrorMessage message={error} />
      <div className="actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? texts.sending : texts.sendResetCode}
        </button>
      </div>
    </form>
  );
}

function ConfirmStep({ email, code: initialCode }: { email: string; code: string }) {
  const { api } = useServices();
  const navigate = useNavigate();
  const [form, setForm] = useState({ code: initialCode, password: '', confirmPassword: '' });
  const [done, setDone] = useState(false);
  const set = (field: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(
      () => navigate(`/signin?email=${encodeURIComponent(email)}`, { replace: true }),
      RESET_SUCCESS_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [done, email, navigate]);
  const { error, busy, submit } = useCheckedSubmit({
    action: CAPTCHA_ACTIONS.confirmPasswordReset,
    validate: () => resetConfirmPageError({ email, ...form }),
    send: async (captchaToken) => {
      await api.confirmPasswordReset(undefined, {
        email,
        code: form.code.trim(),
        newPassword: form.password,
        captchaToken,
      });
      setDone(true);
    },
    failure: resetErrors.resetError,
  });
  if (done)
    return (
      <p className="success-message" role="status">
        {texts.resetDone}
      </p>
    );
  return (
    <form className="account-form" onSubmit={submit} noValidate>
      <TextField label={texts.email} value={email} onChange={() => undefined} readOnly type="email" />
      <TextField
        label={texts.resetCode}
        value={form.code}
        onChange={set('code')}
        inputMode="numeric"
        pattern="\d{6}"
        autoComplete="one-time-code"
        required
      />
      <NewPasswordFields
        value={{ password: form.password, confirm: form.confirmPassword }}
        onChange={{ password: set('password'), confirm: set('confirmPassword') }}
        replacing
        required
      />
      <ErrorMessage message={error} />
      <div className="actions">
        <button type="submit" className="button" disabled={busy}>
          {texts.resetSubmit}
        </button>
      </div>
    </form>
  );
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const code = params.get('code');
  const email = params.get('email');
  return (
    <section className="panel">
      <PageHeading>{texts.resetTitle}</PageHeading>
      {code && email ? <ConfirmStep email={email} code={code} /> : <RequestStep />}
    </section>
  );
}
