/**
 * /reset-password: request a code, or (with code and email in the query) choose the new password;
 * 2 seconds after success it goes to sign-in. Statuses: idle, loading (the human check, then the
 * call), success, error.
 */
import { useEffect, useState, type FormEvent } from 'react';
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
import { accountCallError, humanCheckToken } from './human-check';

type Status = 'idle' | 'loading' | 'success' | 'error';

function RequestStep() {
  const { api, executeCaptcha } = useServices();
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus('loading');
    try {
      const captchaToken = await humanCheckToken(executeCaptcha, CAPTCHA_ACTIONS.requestPasswordReset);
      await api.requestPasswordReset(undefined, { email: email.trim(), captchaToken });
      setStatus('success');
    } catch (failure) {
      setError(accountCallError(failure, resetErrors.requestError));
      setStatus('error');
    }
  };
  if (status === 'success') return <p className="success-message">{texts.resetRequestDone}</p>;
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
      {status === 'error' && <ErrorMessage message={error} />}
      <div className="actions">
        <button type="submit" className="button" disabled={status === 'loading'}>
          {status === 'loading' ? texts.sending : texts.sendResetCode}
        </button>
      </div>
    </form>
  );
}

function ConfirmStep({ email, code: initialCode }: { email: string; code: string }) {
  const { api, executeCaptcha } = useServices();
  const navigate = useNavigate();
  const [form, setForm] = useState({ code: initialCode, password: '', confirmPassword: '' });
  const [status, setStatus] = useState<Status>('idle');
  const [error, setError] = useState<string | null>(null);
  const set = (field: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  useEffect(() => {
    if (status !== 'success') return;
    const timer = setTimeout(
      () => navigate(`/signin?email=${encodeURIComponent(email)}`, { replace: true }),
      RESET_SUCCESS_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [status, email, navigate]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = resetConfirmPageError({ email, ...form });
    if (invalid) {
      setError(invalid);
      return setStatus('error');
    }
    setStatus('loading');
    try {
      const captchaToken = await humanCheckToken(executeCaptcha, CAPTCHA_ACTIONS.confirmPasswordReset);
      await api.confirmPasswordReset(undefined, {
        email,
        code: form.code.trim(),
        newPassword: form.password,
        captchaToken,
      });
      setStatus('success');
    } catch (failure) {
      setError(accountCallError(failure, resetErrors.resetError));
      setStatus('error');
    }
  };
  if (status === 'success')
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
      {status === 'error' && <ErrorMessage message={error} />}
      <div className="actions">
        <button type="submit" className="button" disabled={status === 'loading'}>
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
