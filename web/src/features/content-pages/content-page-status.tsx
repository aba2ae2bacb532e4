/**
 * The states of a content page before it can be shown (public document, sections 4 and 8): loading,
 * the load error, and not found ('Page not found' for legal pages, 'Not found' for use cases and
 * events) with a way home.
 */
import { Link } from 'react-router';
import { ErrorMessage } from '../../components/error-message';
import { PageHeading } from '../../components/page-heading';
import { Progress } from '../../components/progress';
import { contentPageTexts as texts } from './texts';

export type UnreadyStatus = 'loading' | 'error' | 'not-found';

interface ContentPageStatusProps {
  status: UnreadyStatus;
  errorText: string;
  notFoundText: string;
  /** The page's heading while loading or failed, when it is known before the content (legal pages). */
  heading?: string;
}

export function ContentPageStatus({ status, errorText, notFoundText, heading }: ContentPageStatusProps) {
  if (status === 'not-found') {
    return (
      <section className="panel content-page">
        <PageHeading>{notFoundText}</PageHeading>
        <p>{texts.notFoundAdvice}</p>
        <div className="actions">
          <Link className="button" to="/">
            {texts.returnHome}
          </Link>
        </div>
      </section>
    );
  }
  return (
    <section className="panel content-page">
      {heading && <PageHeading>{heading}</PageHeading>}
      {status === 'loading' && <Progress label={texts.loading} />}
      <ErrorMessage message={status === 'error' ? errorText : null} />
    </section>
  );
}
