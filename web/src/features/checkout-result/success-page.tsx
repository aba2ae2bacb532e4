/** /checkout/success/{orderId}: where a paid checkout lands (public document, section 2). */
import { Link, useParams, useSearchParams } from 'react-router';
import { ErrorMessage } from '../../components/error-message';
import { PageHeading } from '../../components/page-heading';
import { checkoutTexts as texts } from './texts';

export function CheckoutSuccessPage() {
  const { orderId = '' } = useParams();
  const [search] = useSearchParams();
  const emailFailed = search.get('emailError') === 'true';
  return (
    <section className="panel checkout-result">
      <PageHeading>{texts.successHeading}</PageHeading>
      <p>{texts.successLead}</p>
      <p className="order-id">
        {texts.orderIdLabel}: <strong>{orderId}</strong>
      </p>
      <ErrorMessage message={emailFailed ? texts.emailError : null} />
      <h2>{texts.nextHeading}</h2>
      <ul className="next-steps">
        {texts.nextSteps.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <div className="actions">
        <Link className="button" to={`/orders/${encodeURIComponent(orderId)}`}>
          {texts.viewPhotos}
        </Link>
      </div>
    </section>
  );
}
