/**
 * The sign-in page's password reset: the 'Send Reset Code' modal, then (300 ms after it closes) the
 * 'Complete Reset' modal; on success the modal closes and the page says the reset is complete.
 */
import { useEffect, useState } from 'react';
import { CAPTCHA_ACTIONS, RESET_MODAL_GAP_MS } from '#shared/constants';
import { resetErrors } from '#shared/errors';
import { resetCompleteModalError, resetRequestError } from '#shared/rules/account-validation';
import { ErrorMessage } from '../../components/error-message';
import { NewPasswordFields, TextField } from '../../components/form-field';
import { Modal } from '../../components/modal';
import { useServices } from '../../lib/services';
import { authTexts as texts } from '../../lib/texts/auth';
import { useCheckedSubmit } from './use-checked-submit';

export type ResetStep = 'closed' | 'request' | 'gap' | 'complete';

export function useResetFlow(onDone: () => void) {
  const [step, setStep] = useState<ResetStep>('closed');
  const [email, setEmail] = useState('');
  useEffect(() => {
    if (step !== 'gap') return;
    const timer = setTimeout(() => setStep('complete'), RESET_MODAL_GAP_MS);
    return () => clearTimeout(timer);
  }, [step]);
  return {
    step,
    email,
    open: (prefill: string) => {
      setEmail(prefill);
      setStep('request');
    },
    close: () => setStep('closed'),
    requested: (address: string) => {
      setEmail(address);
      setStep('gap');
    },
    completed: () => {
      setStep('closed');
      onDone();
    },
  };
}

export function ResetRequestModal(props: {
  initialEmail: string;
  onClose: () => void;
  onSent: (email: string) => void;
}) {
  const { api } = useServices();
  const [email, setEmail] = useState(props.initialEmail);
  const { error, busy, submit } = useCheckedSubmit({
    action: CAPTCHA_ACTIONS.requestPasswordReset,
    validate: () => resetRequestError(email),
    send: async (captchaToken) => {
      await api.requestPasswordReset(undefined, { email: email.trim(), captchaToken });
      props.onSent(email.trim());
    },
    failure: resetErrors.sendFailed,
  });
  return (
    <Modal title={texts.sendResetCode} onClose={props.onClose}>
      <form className="account-form" onSubmit={submit} noValidate>
        <p>{texts.resetRequestIntro}</p>
        <TextField label={texts.email} value={email} onChange={setEmail} type="email" autoComplete="email" />
        <ErrorMessage message={error} />
        <div className="actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? texts.sending : texts.sendResetCode}
          </button>
          <button type="button" className="button button-secondary" onClick={props.onClose}>
            {texts.cancel}
          </button>
        </div>
      </form>
    </Modal>
  );
}

export function ResetCompleteModal(props: { email: string; onClose: () => void; onDone: () => void }) {
  const { api } = useServices();
  const [form, setForm] = useState({ code: '', password: '', confirmPassword: '' });
  const set = (field: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const { error, busy, submit } = useCheckedSubmit({
    action: CAPTCHA_ACTIONS.confirmPasswordReset,
    validate: () => resetCompleteModalError(form),
    send: async (captchaToken) => {
      await api.confirmPasswordReset(undefined, {
        email: props.email,
        code: form.code.trim(),
        newPassword: form.password,
        captchaToken,
      });
      props.onDone();
    },
    failure: resetErrors.resetFailed,
  });
  return (
    <Modal title={texts.completeReset} onClose={props.onClose}>
      <form className="account-form" onSubmit={submit} noValidate>
        <p>{texts.resetCompleteIntro}</p>
        <TextField
          label={texts.resetCode}
          value={form.code}
          onChange={set('code')}
          inputMode="numeric"
          autoComplete="one-time-code"
        />
        <NewPasswordFields
          value={{ password: form.password, confirm: form.confirmPassword }}
          onChange={{ password: set('password'), confirm: set('confirmPassword') }}
          replacing
        />
        <ErrorMessage message={error} />
        <div className="actions">
          <button type="submit" className="button" disabled={busy}>
            {texts.completeReset}
          </button>
          <button type="button" className="button button-secondary" onClick={props.onClose}>
            {texts.cancel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
