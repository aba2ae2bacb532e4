import { Link } from 'react-router';
import { orderErrors } from '#shared/texts/errors';
import { ErrorMessage } from '../../components/error-message';
import { PageHeading } from '../../components/page-heading';
import { orderAccessTexts as texts } from './texts';

/** /orders without an id (section 4): the spec's error, and the way home. */
export function MissingOrderId() {
  return (
    <>
      <PageHeading>{texts.startHeading}</PageHeading>
      <ErrorMessage message={orderErrors.noOrderId} />
      <div className="actions">
        <Link to="/" className="button button-secondary">
          {texts.returnHome}
        </Link>
      </div>
    </>
  );
}
