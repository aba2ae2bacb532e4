/**
 * The sign-in page's password reset: the 'Send Reset Code' modal, then (300 ms after it closes) the
 * 'Complete Reset' modal; on success the modal closes and the page says the reset is complete.
 */
import { useEffect, useState } from 'react';
import { CAPTCHA_ACTIONS, RESET_MODAL_GAP_MS } from '#shared/rules/constants';
import { resetErrors } from '#shared/texts/errors';
import { resetCompleteModalError, resetRequestError } from '#shared/rules/account-validation';
import { ErrorMessage } from '../../components/error-message';
import { TextField } from '../../components/form-field';
import { Modal } from '../../components/modal';
import { useServices } from '../../lib/services';
import { authTexts as texts } from './texts';
import { ResetCodeFields, useConfirmReset } from './confirm-reset';
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
  const { form, set, error, busy, submit } = useConfirmReset({
    email: props.email,
    validate: resetCompleteModalError,
    failure: resetErrors.resetFailed,
    onDone: props.onDone,
  });
  return (
    <Modal title={texts.completeReset} onClose={props.onClose}>
      <form className="account-form" onSubmit={submit} noValidate>
        <p>{texts.resetCompleteIntro}</p>
        <ResetCodeFields form={form} set={set} />
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
