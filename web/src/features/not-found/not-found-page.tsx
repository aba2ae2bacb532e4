/** Any path no route claims (public document, section 2). */
import { Link } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { getEnv } from '../../config/env';
import { notFoundTexts as texts } from './texts';

export function NotFoundPage() {
  const supportEmail = getEnv().VITE_SUPPORT_EMAIL;
  return (
    <section className="panel not-found">
      <PageHeading>{texts.heading}</PageHeading>
      <p>{texts.advice}</p>
      <div className="actions">
        <Link className="button" to="/">
          {texts.returnHome}
        </Link>
      </div>
      <p className="contact">
        {texts.contactPrefix} <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
      </p>
    </section>
  );
}
