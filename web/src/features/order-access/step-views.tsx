/**
 * One view per step of the order-access flow (public document, section 2). Each has exactly one h1,
 * which takes focus when the step appears.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { orderErrors, orderStatusReasonTexts } from '#shared/texts/errors';
import { paymentReasonOf } from '#shared/rules/order-flow';
import type { PublicOrder } from '#shared/schemas/order';
import { ErrorMessage } from '../../components/error-message';
import { PageHeading } from '../../components/page-heading';
import { Progress } from '../../components/progress';
import { getEnv } from '../../config/env';
import { useServices, useWarmCaptcha } from '../../lib/services';
import { orderAccessTexts as texts } from './texts';
import { OrderSummary } from './order-summary';
import { ExtensionOffer } from './extension-offer';

const HomeLink = () => (
  <Link to="/" className="button button-secondary">
    {texts.returnHome}
  </Link>
);

export function StartStep({
  busy,
  message,
  onAccess,
}: {
  busy: boolean;
  message: string | null;
  onAccess: () => void;
}) {
  return (
    <>
      <PageHeading>{texts.startHeading}</PageHeading>
      {busy && <Progress label={texts.checkingOrder} />}
      <ErrorMessage message={message} />
      <div className="actions">
        <button type="button" className="button" onClick={onAccess} disabled={busy}>
          {texts.accessPhotos}
        </button>
      </div>
    </>
  );
}

interface EmailStepProps {
  order: PublicOrder;
  busy: boolean;
  message: string | null;
  onSubmit: (email: string) => void;
}

export function EmailStep({ order, busy, message, onSubmit }: EmailStepProps) {
  const { warmCaptcha } = useServices();
  const [email, setEmail] = useState(order.customerEmail ?? '');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(email);
  };
  return (
    <>
      <PageHeading>{texts.emailHeading}</PageHeading>
      <OrderSummary order={order} showEmail={false} />
      {/* noValidate: our rule and its exact text decide, not the browser's own bubble. */}
      <form className="email-form" onSubmit={submit} noValidate>
        <label htmlFor="order-email">{texts.emailLabel}</label>
        <input
          id="order-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          aria-describedby="order-email-hint"
          aria-invalid={message === orderErrors.invalidEmail}
          value={email}
          // The order opened without a human check; the submit will need one: the script loads as they type.
          onFocus={warmCaptcha}
          onChange={(event) => setEmail(event.target.value)}
        />
        <p id="order-email-hint" className="hint">
          {texts.emailHint}
        </p>
        <ErrorMessage message={message} />
        {busy && <Progress label={texts.sendingPhotos} />}
        <div className="actions">
          <button type="submit" className="button" disabled={busy || email.trim() === ''}>
            {texts.accessPhotos}
          </button>
        </div>
      </form>
    </>
  );
}

interface SummaryStepProps {
  order: PublicOrder;
  busy: boolean;
  message: string | null;
  onComplete: () => void;
}

export function SummaryStep({ order, busy, message, onComplete }: SummaryStepProps) {
  useWarmCaptcha();
  return (
    <>
      <PageHeading>{texts.summaryHeading}</PageHeading>
      <OrderSummary order={order} showEmail />
      <ErrorMessage message={message} />
      <div className="actions">
        <button type="button" className="button" onClick={onComplete} disabled={busy}>
          {texts.completePurchase}
        </button>
      </div>
    </>
  );
}

export function ProgressStep({ heading, label }: { heading: string; label: string }) {
  return (
    <>
      <PageHeading>{heading}</PageHeading>
      <Progress label={label} />
    </>
  );
}

const supportHref = (subject: string) =>
  `mailto:${getEnv().VITE_SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}`;

interface PaymentStatusStepProps {
  order: PublicOrder;
  /** Goes to the order's fresh Checkout Session (a failed payment is payable again). */
  onPay: () => void;
  /** Asks again (a delayed payment may have gone through meanwhile). */
  onRecheck: () => void;
}

/**
 * Ours: what happened to the payment, in plain words, and what the customer can do: pay
 * again after a failure, check again while a bank debit is on its way, or write to support.
 */
export function PaymentStatusStep({ order, onPay, onRecheck }: PaymentStatusStepProps) {
  const reason = paymentReasonOf(order) ?? 'PAYMENT_PROCESSING';
  const canPay = reason === 'PAYMENT_FAILED' && Boolean(order.stripeCheckoutUrl);
  return (
    <>
      <PageHeading>{texts.paymentHeadings[reason]}</PageHeading>
      <p role="status">{orderStatusReasonTexts[reason]}</p>
      <OrderSummary order={order} showEmail={false} />
      <div className="actions">
        {canPay && (
          <button type="button" className="button" onClick={onPay}>
            {texts.payAgain}
          </button>
        )}
        {reason === 'PAYMENT_PROCESSING' && (
          <button type="button" className="button" onClick={onRecheck}>
            {texts.checkAgain}
          </button>
        )}
        <a className="button button-secondary" href={supportHref(texts.paymentSupportSubject(order.orderId))}>
          {texts.contactSupport}
        </a>
        <HomeLink />
      </div>
    </>
  );
}

/**
 * Step 5: the spec's expired text, or (ours) why an unpaid order ended before its time: the seller
 * cancelled it, or its photos were deleted; and (ours) the paid extension the seller offers, if any.
 */
export function ExpiredStep({
  orderId,
  order,
}: {
  orderId: string;
  order?: Pick<PublicOrder, 'statusReason' | 'extensionOffer' | 'currency'> | undefined;
}) {
  const subject = encodeURIComponent(texts.supportSubject(orderId));
  const reason = order?.statusReason;
  const cancelled = reason === 'CANCELLED' || reason === 'PHOTOS_REMOVED';
  return (
    <>
      <PageHeading>{cancelled ? texts.cancelledHeading : texts.expiredHeading}</PageHeading>
      <p>{cancelled ? orderStatusReasonTexts[reason] : orderErrors.expired}</p>
      {order?.extensionOffer && (
        <ExtensionOffer orderId={orderId} offer={order.extensionOffer} currency={order.currency} />
      )}
      <div className="actions">
        <a className="button" href={`mailto:${getEnv().VITE_SUPPORT_EMAIL}?subject=${subject}`}>
          {texts.contactSupport}
        </a>
        <HomeLink />
      </div>
    </>
  );
}

/** Step 6, with a way to the photos: the order page opened again shows the gallery when fulfilled. */
export function CompletedStep({ orderId }: { orderId: string }) {
  return (
    <>
      <PageHeading>{texts.completedHeading}</PageHeading>
      <p>{orderErrors.alreadyCompleted}</p>
      <div className="actions">
        <Link to={`/orders/${encodeURIComponent(orderId)}`} className="button">
          {texts.viewPhotos}
        </Link>
        <HomeLink />
      </div>
    </>
  );
}

export function ErrorStep({ message, onRetry }: { message: string | null; onRetry: () => void }) {
  return (
    <>
      <PageHeading>{texts.errorHeading}</PageHeading>
      <ErrorMessage message={message ?? orderErrors.genericProcessing} />
      <div className="actions">
        <button type="button" className="button" onClick={onRetry}>
          {texts.tryAgain}
        </button>
        <HomeLink />
      </div>
    </>
  );
}
