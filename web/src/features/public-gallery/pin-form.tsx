/**
 * The PIN step of a protected gallery. The server's words say why it is shown (a PIN is needed, or the
 * one typed was wrong); a wrong PIN is announced as an error.
 */
import { useId, useState, type FormEvent } from 'react';
import { PUBLIC_GALLERY_LIMITS } from '#shared/public-gallery-limits';
import { ErrorMessage } from '../../components/error-message';
import { PageHeading } from '../../components/page-heading';
import { publicGalleryTexts as texts } from './texts';

export interface PinFormProps {
  /** The server's message; '' while a PIN is being checked. */
  message: string;
  tried: boolean;
  checking: boolean;
  onSubmit: (pin: string) => void;
}

export function PinForm({ message, tried, checking, onSubmit }: PinFormProps) {
  const [pin, setPin] = useState('');
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(pin.trim());
  };
  return (
    <section className="panel public-gallery-pin">
      <PageHeading>{texts.pinHeading}</PageHeading>
      {tried ? <ErrorMessage message={message} /> : <p>{message || texts.pinNeeded}</p>}
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
          minLength={PUBLIC_GALLERY_LIMITS.pin.min}
          maxLength={PUBLIC_GALLERY_LIMITS.pin.max}
        />
        <button type="submit" className="button" disabled={checking}>
          {checking ? texts.checkingPin : texts.openGallery}
        </button>
      </form>
    </section>
  );
}
