/**
 * /auth-callback and /callback: the hosted sign-in comes back here with code and state (or error and
 * error_description). Amplify exchanges the code (PKCE); then the seller goes to the path carried in
 * the state, else /dashboard.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { callbackErrors } from '#shared/texts/errors';
import { ErrorMessage } from '../../components/error-message';
import { PageHeading } from '../../components/page-heading';
import { Progress } from '../../components/progress';
import { useAuth } from '../../lib/auth/auth-store';
import { returnPathFromState, withRetries } from '../../lib/auth/oauth-state';
import { loadSession } from '../../lib/auth/session-loader';
import { authTexts as texts } from './texts';

/** The error to show for the callback's query, or null when there is a code to exchange. */
export function callbackQueryError(params: URLSearchParams): string | null {
  if (params.get('code')) return null;
  return params.get('error_description') || params.get('error') || callbackErrors.noCode;
}

export function CallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const auth = useAuth();
  const [error, setError] = useState<string | null>(() => callbackQueryError(params));
  const started = useRef(false);

  useEffect(() => {
    if (error || started.current) return;
    started.current = true;
    (async () => {
      const session = await loadSession();
      const state = await session.completeHostedSignIn();
      const token = await withRetries(async () => {
        const idToken = await session.idToken(true);
        if (!idToken) throw new Error(callbackErrors.noToken);
        return idToken;
      });
      if (!token) throw new Error(callbackErrors.noToken);
      await auth.check(true);
      navigate(returnPathFromState(state), { replace: true });
    })().catch((failure: unknown) =>
      setError(failure instanceof Error ? callbackErrors.error(failure.message) : callbackErrors.failed),
    );
  }, [error, auth, navigate]);

  if (!error)
    return (
      <section className="panel">
        <PageHeading>{texts.completingSignIn}</PageHeading>
        <Progress label={texts.completingSignIn} />
      </section>
    );
  return (
    <section className="panel">
      <PageHeading>{texts.authenticationError}</PageHeading>
      <ErrorMessage message={error} />
      <div className="actions">
        <Link to="/signin" className="button">
          {texts.returnToSignIn}
        </Link>
      </div>
    </section>
  );
}
