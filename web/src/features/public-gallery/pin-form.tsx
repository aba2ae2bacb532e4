/**
 * The PIN step of a protected gallery. The server's words say why it is shown (a PIN is needed, the one
 * typed was wrong, too many wrong PINs were typed: wait, or the gallery is locked); a refusal is announced
 * as an error. While the gallery asks for a wait the button waits too; a locked gallery takes no PIN, so
 * it shows no form.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { PUBLIC_GALLERY_LIMITS } from '#shared/rules/public-gallery-limits';
import { ErrorMessage } from '../../components/error-message';
import { PageHeading } from '../../components/page-heading';
import { publicGalleryTexts as texts } from './texts';
import type { PinState } from './use-public-gallery';

export interface PinFormProps extends Omit<PinState, 'kind'> {
  onSubmit: (pin: string) => void;
}

/**
 * True from a refusal asking for a wait of `seconds` until they have passed. `refusal` tells one refusal
 * from the next (its words; the PIN being checked in between has none), so each starts its own wait.
 */
function useWaiting(seconds: number | undefined, refusal: string): boolean {
  const [asked, setAsked] = useState({ refusal, seconds });
  const [over, setOver] = useState(!seconds);
  // A new refusal: its wait starts now (state adjusted while rendering, as React advises, not in an effect).
  if (asked.refusal !== refusal || asked.seconds !== seconds) {
    setAsked({ refusal, seconds });
    setOver(!seconds);
  }
  useEffect(() => {
    if (!seconds) return;
    const timer = window.setTimeout(() => setOver(true), seconds * 1000);
    return () => window.clearTimeout(timer);
  }, [seconds, refusal]);
  return !over;
}

export function PinForm({ message, tried, checking, locked = false, waitSeconds, onSubmit }: PinFormProps) {
  const [pin, setPin] = useState('');
  const id = useId();
  const waiting = useWaiting(waitSeconds, message);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(pin.trim());
  };
  return (
    <section className="panel public-gallery-pin">
      <PageHeading>{texts.pinHeading}</PageHeading>
      {tried || locked ? <ErrorMessage message={message} /> : <p>{message || texts.pinNeeded}</p>}
      {!locked && (
        <form className="email-form" onSubmit={submit}>
          <label htmlFor={id}>{texts.pin}</label>
          <input
            id={id}
            value={pin}
            onChange={(e) => setPin(e.target.value)}
            inputMode="numeric"
            autoComplete="off"
            pattern="[0-9]*"
            required
            minLength={PUBLIC_GALLERY_LIMITS.pin.oldestMin}
            maxLength={PUBLIC_GALLERY_LIMITS.pin.max}
          />
          <button type="submit" className="button" disabled={checking || waiting}>
            {checking ? texts.checkingPin : texts.openGallery}
          </button>
        </form>
      )}
    </section>
  );
}
