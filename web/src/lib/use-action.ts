/**
 * The one way a screen runs a change on the server (a form's submit, a button's call): while it runs the
 * control is busy; a failure shows the API's message, or the screen's fallback when the call got no
 * answer (or `failure` decides). `stayBusy`: the screen moves on after success (a navigation, a page
 * of its own), so the control stays busy instead of offering a second submit meanwhile.
 */
import { useState } from 'react';
import { errorMessage } from './error-message';

export interface ActionOptions<Args extends unknown[]> {
  /** The call; a message it returns is an answer that is not a success (shown like a failure). */
  run: (...args: Args) => Promise<string | void>;
  /** The fallback text, or how to word any failure. */
  failure: string | ((error: unknown) => string);
  stayBusy?: boolean;
}

export function useAction<Args extends unknown[]>(options: ActionOptions<Args>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (...args: Args): Promise<void> => {
    const { run: send, failure, stayBusy } = options;
    setBusy(true);
    setError(null);
    try {
      const refusal = await send(...args);
      if (refusal) setError(refusal);
      if (refusal || !stayBusy) setBusy(false);
    } catch (caught) {
      setError(typeof failure === 'string' ? errorMessage(caught, failure) : failure(caught));
      setBusy(false);
    }
  };

  return { busy, error, setError, run };
}
