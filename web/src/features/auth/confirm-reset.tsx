/**
 * The password reset's last step, shared by the sign-in page's modal and /reset-password: the emailed
 * code and the new password, sent with the human check. Each screen keeps its own checks and wording.
 */
import { useState } from 'react';
import { CAPTCHA_ACTIONS } from '#shared/rules/constants';
import { NewPasswordFields, TextField } from '../../components/form-field';
import { useServices } from '../../lib/services';
import { authTexts as texts } from './texts';
import { useCheckedSubmit } from './use-checked-submit';

export interface ResetForm {
  code: string;
  password: string;
  confirmPassword: string;
}

export function useConfirmReset(options: {
  email: string;
  initialCode?: string;
  validate: (form: ResetForm) => string | null;
  failure: string;
  onDone: () => void;
}) {
  const { api } = useServices();
  const [form, setForm] = useState<ResetForm>({
    code: options.initialCode ?? '',
    password: '',
    confirmPassword: '',
  });
  const set = (field: keyof ResetForm) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const submission = useCheckedSubmit({
    action: CAPTCHA_ACTIONS.confirmPasswordReset,
    validate: () => options.validate(form),
    send: async (captchaToken) => {
      await api.confirmPasswordReset(undefined, {
        email: options.email,
        code: form.code.trim(),
        newPassword: form.password,
        captchaToken,
      });
      options.onDone();
    },
    failure: options.failure,
  });
  return { form, set, ...submission };
}

/** The code (six digits, from the email) and the new password twice. */
export function ResetCodeFields(props: {
  form: ResetForm;
  set: (field: keyof ResetForm) => (value: string) => void;
}) {
  const { form, set } = props;
  return (
    <>
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
    </>
  );
}
