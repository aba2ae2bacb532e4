/**
 * /reset-password: request a code, or (with code and email in the query) choose the new password;
 * 2 seconds after success it goes to sign-in. While the human check and the call run the form is busy.
 */
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CAPTCHA_ACTIONS, RESET_SUCCESS_REDIRECT_MS } from '#shared/rules/constants';
import { resetErrors } from '#shared/texts/errors';
import { resetConfirmPageError } from '#shared/rules/account-validation';
import { ErrorMessage } from '../../components/error-message';
import { TextField } from '../../components/form-field';
import { PageHeading } from '../../components/page-heading';
import '../../components/forms.css';
import { useServices } from '../../lib/services';
import { authTexts as texts } from './texts';
import { ResetCodeFields, useConfirmReset } from './confirm-reset';
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

function ConfirmStep({ email, code }: { email: string; code: string }) {
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(
      () => navigate(`/signin?email=${encodeURIComponent(email)}`, { replace: true }),
      RESET_SUCCESS_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [done, email, navigate]);
  const { form, set, error, busy, submit } = useConfirmReset({
    email,
    initialCode: code,
    validate: (form) => resetConfirmPageError({ email, ...form }),
    failure: resetErrors.resetError,
    onDone: () => setDone(true),
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
      <ResetCodeFields form={form} set={set} />
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
