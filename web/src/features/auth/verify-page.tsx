/**
 * /verify?code=…&email=…: confirms the email address from the verification link (section 2), after
 * the human check. On failure the seller can ask for a new link (for the link's address, else one
 * they type).
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CAPTCHA_ACTIONS } from '#shared/rules/constants';
import { verifyErrors } from '#shared/texts/errors';
import { verifyLinkError } from '#shared/rules/account-validation';
import { ErrorMessage } from '../../components/error-message';
import { PageHeading } from '../../components/page-heading';
import { Progress } from '../../components/progress';
import { useServices } from '../../lib/services';
import { authTexts as texts } from './texts';
import { accountCallError, humanCheckToken } from './human-check';
import { ResendVerification } from './resend-verification';

type State = { step: 'verifying' } | { step: 'success' } | { step: 'error'; message: string };

export function VerifyPage() {
  const { api, executeCaptcha } = useServices();
  const [params] = useSearchParams();
  const code = params.get('code');
  const email = params.get('email') ?? params.get('username');
  const linkError = verifyLinkError(code, email);
  const [state, setState] = useState<State>(
    linkError ? { step: 'error', message: linkError } : { step: 'verifying' },
  );
  const started = useRef(false);

  useEffect(() => {
    // Once per page: a confirmation code is good once, and React may run effects twice in development.
    if (!code || !email || started.current) return;
    started.current = true;
    humanCheckToken(executeCaptcha, CAPTCHA_ACTIONS.verifyEmail)
      .then((captchaToken) => api.verifyEmail(undefined, { email, code, captchaToken }))
      .then((result) =>
        setState(
          result.success
            ? { step: 'success' }
            : { step: 'error', message: result.error ?? verifyErrors.failed },
        ),
      )
      .catch((error: unknown) =>
        setState({ step: 'error', message: accountCallError(error, verifyErrors.fallback) }),
      );
  }, [api, executeCaptcha, code, email]);

  if (state.step === 'verifying')
    return (
      <section className="panel">
        <PageHeading>{texts.verifyingTitle}</PageHeading>
        <Progress label={texts.verifying} />
      </section>
    );
  if (state.step === 'success')
    return (
      <section className="panel">
        <PageHeading>{texts.verifiedTitle}</PageHeading>
        <p>{texts.verifiedText}</p>
        <div className="actions">
          <Link to={`/signin?email=${encodeURIComponent(email ?? '')}`} className="button">
            {texts.goToSignIn}
          </Link>
        </div>
      </section>
    );
  return (
    <section className="panel">
      <PageHeading>{texts.verifyFailedTitle}</PageHeading>
      <ErrorMessage message={state.message} />
      <ResendVerification email={email} />
      <div className="actions">
        <Link to="/signup" className="button">
          {texts.goToSignUp}
        </Link>
      </div>
    </section>
  );
}
