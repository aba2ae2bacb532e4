/**
 * /account-setup?email=…&code=…: an administrator-created seller chooses a password. Steps: verify
 * (the link is read), password, complete (then sign-in with the email after 3 seconds). A missing or
 * invalid email or code shows 'Invalid Link'. The code is checked by the server when submitting.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ACCOUNT_SETUP_REDIRECT_MS, CAPTCHA_ACTIONS } from '#shared/rules/constants';
import { setupErrors } from '#shared/texts/errors';
import { accountSetupError } from '#shared/rules/account-validation';
import { ErrorMessage } from '../../components/error-message';
import { NewPasswordFields, TextField } from '../../components/form-field';
import { PageHeading } from '../../components/page-heading';
import { Progress } from '../../components/progress';
import '../../components/forms.css';
import { useServices } from '../../lib/services';
import { authTexts as texts } from './texts';
import { useCheckedSubmit } from './use-checked-submit';
import { readSetupLink } from './setup-link';

type Step = 'verify' | 'password' | 'complete' | 'invalid';

export function AccountSetupPage() {
  const { api } = useServices();
  const navigate = useNavigate();
  const [link] = useState(() => readSetupLink(window.location.href));
  // The link is read synchronously on the first render, so the 'verify' step passes at once.
  const [step, setStep] = useState<Step>(() => (link ? 'password' : 'invalid'));
  const [form, setForm] = useState({ password: '', confirmPassword: '' });
  const { error, busy, submit } = useCheckedSubmit({
    action: CAPTCHA_ACTIONS.setPassword,
    validate: () => accountSetupError(form),
    send: async (captchaToken) => {
      if (!link) return;
      const result = await api.setPassword(undefined, {
        email: link.email,
        code: link.code,
        password: form.password,
        captchaToken,
      });
      if (!result.success) return result.error ?? setupErrors.failedRetry;
      setStep('complete');
    },
    failure: setupErrors.failedRetry,
  });

  useEffect(() => {
    if (step !== 'complete' || !link) return;
    const timer = setTimeout(
      () => navigate(`/signin?email=${encodeURIComponent(link.email)}`, { replace: true }),
      ACCOUNT_SETUP_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [step, link, navigate]);

  if (step === 'verify') return <Progress label={texts.setupChecking} />;
  if (step === 'invalid' || !link)
    return (
      <section className="panel">
        <PageHeading>{texts.invalidLinkTitle}</PageHeading>
        <p>{texts.invalidLinkText}</p>
      </section>
    );
  if (step === 'complete')
    return (
      <section className="panel">
        <PageHeading>{texts.setupTitle}</PageHeading>
        <p className="success-message" role="status">
          {texts.setupDone}
        </p>
      </section>
    );

  const set = (field: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  return (
    <section className="panel">
      <PageHeading>{texts.setupTitle}</PageHeading>
      <p>{texts.setupIntro}</p>
      <form className="account-form" onSubmit={submit} noValidate aria-busy={busy}>
        <TextField label={texts.email} value={link.email} onChange={() => undefined} readOnly type="email" />
        <NewPasswordFields
          value={{ password: form.password, confirm: form.confirmPassword }}
          onChange={{ password: set('password'), confirm: set('confirmPassword') }}
        />
        <ErrorMessage message={error} />
        <div className="actions">
          <button type="submit" className="button" disabled={busy}>
            {texts.setPassword}
          </button>
        </div>
      </form>
    </section>
  );
}
