/**
 * /signin's second way in: the hosted sign-in page (authorization code with PKCE, started by Amplify's
 * signInWithRedirect). Shown only when the runtime config names a hosted domain that can send the
 * seller back to this site; it returns through /auth-callback to `returnTo`.
 */
import { useEffect, useId, useState } from 'react';
import { signInErrors } from '#shared/texts/errors';
import { ErrorMessage } from '../../components/error-message';
import { loadAuthConfig, offersHostedSignIn } from '../../lib/auth/auth-config';
import { loadSession } from '../../lib/auth/session-loader';
import { authTexts as texts } from './texts';

function useHostedSignInOffered(): boolean {
  const [offered, setOffered] = useState(false);
  useEffect(() => {
    let current = true;
    loadAuthConfig().then(
      (config) => current && setOffered(offersHostedSignIn(config, window.location.origin)),
      // Without settings there is nothing to offer; the password form says why when used.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return offered;
}

/**
 * Whether a hosted sign-in is being started. Back from the hosted page, the browser may restore this
 * page from its cache exactly as it was left (busy): then it is not starting any more.
 */
function useStarting() {
  const [starting, setStarting] = useState(false);
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setStarting(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);
  return [starting, setStarting] as const;
}

export function HostedSignIn({ returnTo }: { returnTo: string }) {
  const offered = useHostedSignInOffered();
  const [starting, setStarting] = useStarting();
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const hintId = useId();
  if (!offered) return null;

  const start = async () => {
    setStarting(true);
    setError(null);
    try {
      // On success the browser leaves for the hosted page, so the button stays busy.
      await (await loadSession()).startHostedSignIn(returnTo);
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : signInErrors.signInFailed);
      setStarting(false);
    }
  };
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId}>{texts.otherWaysTitle}</h2>
      <p id={hintId}>{texts.hostedSignInHint}</p>
      <ErrorMessage message={error} />
      <div className="actions">
        <button
          type="button"
          className="button button-secondary"
          aria-describedby={hintId}
          disabled={starting}
          onClick={start}
        >
          {starting ? texts.hostedSignInStarting : texts.hostedSignIn}
        </button>
      </div>
    </section>
  );
}
