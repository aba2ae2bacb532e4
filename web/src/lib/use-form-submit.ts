/**
 * A form's submit as the account forms do it: check the fields (the check's message, if any, is shown
 * and nothing is sent), then send; a failure shows the API's message, or `failure` when the call did
 * not get an answer. The form stays busy after success, while the screen moves on.
 */
import { useState, type FormEvent } from 'react';
import { ApiError } from './api-client';

export function useFormSubmit(options: {
  validate: () => string | null;
  send: () => Promise<void>;
  failure: string;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = options.validate();
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      await options.send();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : options.failure);
      setBusy(false);
    }
  };
  return { error, busy, submit };
}
