/**
 * The account forms' submit with the human check: check the fields (their message, if any, is shown
 * and nothing is sent), get a token for `action`, then send with it. A failure shows the robot-check
 * text, the API's message, or `failure` when the call got no answer. Like every form
 * (web/src/lib/use-form-submit.ts), it stays busy after success while the screen moves on.
 */
import { useFormSubmit } from '../../lib/use-form-submit';
import type { CaptchaAction } from '../../lib/captcha';
import { useServices } from '../../lib/services';
import { accountCallError, humanCheckToken } from './human-check';

export function useCheckedSubmit(options: {
  action: CaptchaAction;
  validate?: () => string | null;
  /** A message it returns is an answer that is not a success, shown like a failure. */
  send: (captchaToken: string) => Promise<string | void>;
  failure: string;
}) {
  const { executeCaptcha } = useServices();
  return useFormSubmit({
    validate: options.validate,
    send: async () => options.send(await humanCheckToken(executeCaptcha, options.action)),
    failure: (failure) => accountCallError(failure, options.failure),
  });
}
