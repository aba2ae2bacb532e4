/**
 * /orders/{orderId}/unsubscribe?token=…: where the "No more reminders" link of a reminder email lands. It
 * turns the order's reminders off at once (the link is the one click; mail clients' own button posts to
 * the API directly) and says so, with the way back to the photos.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ErrorMessage } from '../../components/error-message';
import { PageHeading } from '../../components/page-heading';
import { Progress } from '../../components/progress';
import { errorMessage } from '../../lib/error-message';
import { useServices } from '../../lib/services';
import { reminderTexts as texts } from './texts';

type State = { step: 'working' } | { step: 'done' } | { step: 'failed'; message: string };

export function UnsubscribePage() {
  const { api } = useServices();
  const { orderId = '' } = useParams();
  const token = useSearchParams()[0].get('token');
  const [state, setState] = useState<State>(
    token ? { step: 'working' } : { step: 'failed', message: texts.missingToken },
  );
  const started = useRef(false);

  const unsubscribe = useCallback(() => {
    if (!token) return;
    setState({ step: 'working' });
    api
      .unsubscribeReminders({ orderId, token })
      .then(() => setState({ step: 'done' }))
      .catch((error: unknown) => setState({ step: 'failed', message: errorMessage(error, texts.fallback) }));
  }, [api, orderId, token]);

  useEffect(() => {
    // Once per page, although React may run effects twice in development (a second call changes nothing).
    if (started.current) return;
    started.current = true;
    unsubscribe();
  }, [unsubscribe]);

  const photos = `/orders/${encodeURIComponent(orderId)}`;
  if (state.step === 'working')
    return (
      <section className="panel">
        <PageHeading>{texts.unsubscribingTitle}</PageHeading>
        <Progress label={texts.unsubscribing} />
      </section>
    );
  return (
    <section className="panel">
      <PageHeading>{state.step === 'done' ? texts.unsubscribedTitle : texts.failedTitle}</PageHeading>
      {state.step === 'done' ? <p>{texts.unsubscribed}</p> : <ErrorMessage message={state.message} />}
      <div className="actions">
        {state.step === 'failed' && token && (
          <button type="button" className="button button-secondary" onClick={unsubscribe}>
            {texts.tryAgain}
          </button>
        )}
        <Link className="button" to={photos}>
          {texts.viewPhotos}
        </Link>
      </div>
    </section>
  );
}
