/**
 * 'Send a New Verification Link' (POST /public/resend-verification), for a seller whose link was lost
 * or expired. The API answers alike whether or not the address is waiting for verification, so the
 * success text claims no more than that. Gentle on the rate limit: the button is disabled while
 * sending, and once sent it gives way to the confirmation, which takes the focus.
 */
import { useEffect, useRef, useState } from 'react';
import { CAPTCHA_ACTIONS } from '#shared/rules/constants';
import { resetErrors, signUpErrors, verifyErrors } from '#shared/texts/errors';
import { looksLikeEmail } from '#shared/rules/account-validation';
import { ErrorMessage } from '../../components/error-message';
import { TextField } from '../../components/form-field';
import '../../components/forms.css';
import { useServices } from '../../lib/services';
import { authTexts as texts } from './texts';
import { useCheckedSubmit } from './use-checked-submit';

/** The first problem with a typed address (the reset request's and sign-up's texts), or null. */
function emailError(email: string): string | null {
  if (email.trim() === '') return resetErrors.emailRequired;
  return looksLikeEmail(email) ? null : signUpErrors.invalidEmail;
}

/** `email`: the address the page already knows; without it the seller types one. */
export function ResendVerification({ email: knownEmail }: { email?: string | null }) {
  const { api } = useServices();
  const [email, setEmail] = useState(knownEmail ?? '');
  const [sent, setSent] = useState(false);
  const confirmation = useRef<HTMLParagraphElement>(null);
  const { error, busy, submit } = useCheckedSubmit({
    action: CAPTCHA_ACTIONS.resendVerification,
    validate: () => emailError(email),
    send: async (captchaToken) => {
      await api.resendVerification(undefined, { email: email.trim(), captchaToken });
      setSent(true);
    },
    failure: verifyErrors.resendFailed,
  });
  // The button the seller pressed is gone: put them on the confirmation instead of the page's top.
  useEffect(() => {
    if (sent) confirmation.current?.focus();
  }, [sent]);

  if (sent)
    return (
      <p ref={confirmation} tabIndex={-1} className="success-message" role="status">
        {texts.resendSent(email.trim())}
      </p>
    );
  return (
    <form className="account-form" onSubmit={submit} noValidate aria-busy={busy}>
      <p>{texts.resendPrompt}</p>
      {!knownEmail && (
        <TextField
          label={texts.email}
          value={email}
          onChange={setEmail}
          type="email"
          autoComplete="email"
          inputMode="email"
        />
      )}
      <ErrorMessage message={error} />
      <div className="actions">
        <button type="submit" className="button button-secondary" disabled={busy}>
          {busy ? texts.sending : texts.resendVerification}
        </button>
      </div>
    </form>
  );
}
