/**
 * The account forms' submit with the human check: check the fields (their message, if any, is shown
 * and nothing is sent), get a token for `action`, then send with it. A failure shows the robot-check
 * text, the API's message, or `failure` when the call got no answer. Like useFormSubmit, the form stays
 * busy after success while the screen moves on.
 */
import { useState, type FormEvent } from 'react';
import type { CaptchaAction } from '../../lib/captcha';
import { useServices } from '../../lib/services';
import { accountCallError, humanCheckToken } from './human-check';

export function useCheckedSubmit(options: {
  action: CaptchaAction;
  validate: () => string | null;
  send: (captchaToken: string) => Promise<void>;
  failure: string;
}) {
  const { executeCaptcha } = useServices();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = options.validate();
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      await options.send(await humanCheckToken(executeCaptcha, options.action));
    } catch (failure) {
      setError(accountCallError(failure, options.failure));
      setBusy(false);
    }
  };
  return { error, busy, submit };
}
