/**
 * Every form's submit: check the fields (the check's message, if any, is shown and nothing is sent),
 * then send (web/src/lib/use-action.ts); a failure shows the API's message, or `failure` when the call
 * did not get an answer. The form stays busy after success, while the screen moves on, unless
 * `stayBusy` is false (a form that stays on screen, e.g. 'Saved').
 */
import type { FormEvent } from 'react';
import { useAction } from './use-action';

export function useFormSubmit(options: {
  validate?: () => string | null;
  /** A message it returns is an answer that is not a success, shown like a failure. */
  send: () => Promise<string | void>;
  failure: string | ((error: unknown) => string);
  stayBusy?: boolean;
}) {
  const { error, busy, setError, run } = useAction({
    run: options.send,
    failure: options.failure,
    stayBusy: options.stayBusy ?? true,
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = options.validate?.() ?? null;
    if (invalid) return setError(invalid);
    await run();
  };
  return { error, busy, submit, setError };
}
