/** /checkout/cancel: the payment page's cancel link lands here (public document, section 2). */
import { Link, useNavigate } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { checkoutTexts as texts } from './texts';

export function CheckoutCancelPage() {
  const navigate = useNavigate();
  return (
    <section className="panel checkout-result">
      <PageHeading>{texts.cancelHeading}</PageHeading>
      <p>{texts.cancelText}</p>
      <div className="actions">
        {/* Browser back: returns to the payment page the customer just left. */}
        <button type="button" className="button" onClick={() => void navigate(-1)}>
          {texts.tryAgain}
        </button>
        <Link className="button button-secondary" to="/">
          {texts.returnHome}
        </Link>
      </div>
    </section>
  );
}
