/**
 * The profile's logo: the current one, a file picker that uploads the chosen file at once
 * (checked first against the server's types and size), a progress bar, and 'Remove logo'. Each change
 * then reads the signed-in user again, so every screen shows the new logo.
 *
 * While a change runs the picker and the button stay focusable (aria-disabled, their clicks ignored):
 * a disabled control would drop the keyboard user's focus to the page's start.
 */
import { useId, useRef, useState, type ChangeEvent } from 'react';
import type { User } from '#shared/schemas/user';
import { ErrorMessage } from '../../components/error-message';
import { useAuth } from '../../lib/auth/auth-store';
import { useServices } from '../../lib/services';
import { useAction } from '../../lib/use-action';
import { LOGO_ACCEPT, logoFileRefusal, uploadLogo } from './logo-upload';
import { accountTexts as texts } from './texts';
import './logo-section.css';

/** The preview's box (2:1, as the stored logo's): the logo fitted inside, so nothing moves as it loads. */
const PREVIEW = { width: 200, height: 100 } as const;

type Phase = { kind: 'idle' } | { kind: 'uploading'; percent: number } | { kind: 'processing' };

export function LogoSection({ user }: { user: User }) {
  const { api } = useServices();
  const { setUser } = useAuth();
  const headingId = useId();
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [done, setDone] = useState<string | null>(null);

  /** Shows the change at once, then the user as the server now has it (a failed read keeps the change). */
  const refreshUser = async (logoUrl: string | undefined) => {
    setUser({ ...user, logoUrl });
    try {
      setUser(await api.currentUser());
    } catch (error) {
      console.error('Reading the user after a logo change failed', error);
    }
  };

  const upload = useAction({
    run: async (file: File) => {
      const refusal = logoFileRefusal(file);
      if (refusal) return refusal;
      try {
        const logoUrl = await uploadLogo(api, file, {
          onProgress: (percent) => setPhase({ kind: 'uploading', percent }),
          onProcessing: () => setPhase({ kind: 'processing' }),
        });
        await refreshUser(logoUrl);
        setDone(texts.logoSaved);
      } finally {
        setPhase({ kind: 'idle' });
      }
    },
    failure: texts.logoUploadFailed,
    stayBusy: false,
  });

  const remove = useAction({
    run: async () => {
      await api.deleteLogo();
      await refreshUser(undefined);
      setDone(texts.logoRemoved);
      // The button goes with the logo: the keyboard user continues at the picker.
      input.current?.focus();
    },
    failure: texts.logoRemoveFailed,
    stayBusy: false,
  });

  const busy = upload.busy || remove.busy;
  const start = () => {
    setDone(null);
    upload.setError(null);
    remove.setError(null);
  };
  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Emptied, so choosing the same file again (after a failure) is a change again.
    event.target.value = '';
    if (!file || busy) return;
    start();
    void upload.run(file);
  };
  const removeLogo = () => {
    if (busy) return;
    start();
    void remove.run();
  };

  const status =
    phase.kind === 'uploading'
      ? texts.uploadingLogo
      : phase.kind === 'processing'
        ? texts.processingLogo
        : (done ?? '');

  return (
    // No aria-busy here: it would hold back the status line's announcements until the change is over.
    <section className="profile-logo" aria-labelledby={headingId}>
      <h2 id={headingId}>{texts.logo}</h2>
      {user.logoUrl ? (
        <img
          className="profile-logo-preview"
          src={user.logoUrl}
          alt={texts.currentLogoAlt}
          width={PREVIEW.width}
          height={PREVIEW.height}
        />
      ) : (
        <p>{texts.noLogo}</p>
      )}
      <div className="field">
        <label htmlFor={inputId}>{user.logoUrl ? texts.replaceLogo : texts.chooseLogo}</label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={LOGO_ACCEPT}
          aria-describedby={hintId}
          aria-disabled={busy}
          onClick={(event) => busy && event.preventDefault()}
          onChange={chosen}
        />
        <p id={hintId} className="hint">
          {texts.logoHint}
        </p>
      </div>
      {phase.kind !== 'idle' && (
        <progress
          max={100}
          // No value while the server reads the file: an indeterminate bar.
          value={phase.kind === 'uploading' ? phase.percent : undefined}
          aria-label={texts.uploadProgress}
        />
      )}
      <p role="status" className="hint">
        {status}
      </p>
      <ErrorMessage message={upload.error ?? remove.error} />
      {user.logoUrl && (
        <div className="actions">
          <button type="button" className="button button-secondary" aria-disabled={busy} onClick={removeLogo}>
            {remove.busy ? texts.removingLogo : texts.removeLogo}
          </button>
        </div>
      )}
    </section>
  );
}
