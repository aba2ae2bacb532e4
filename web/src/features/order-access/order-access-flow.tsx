/**
 * The order-access step flow itself, in its own chunk: the order page's entry decides first whether
 * it is needed (a fulfilled order never shows it), and the route prefetches it meanwhile.
 */
import { useState } from 'react';
import type { PublicOrder } from '#shared/schemas/order';
import { ORDER_STEPS } from '#shared/rules/order-flow';
import { SellerBrand } from '../../components/seller-brand';
import { orderAccessTexts as texts } from './texts';
import {
  CompletedStep,
  EmailStep,
  ErrorStep,
  ExpiredStep,
  PaymentStatusStep,
  ProgressStep,
  StartStep,
  SummaryStep,
} from './step-views';
import { useOrderAccess } from './use-order-access';

export function OrderAccessFlow({ orderId, initialOrder }: { orderId: string; initialOrder?: PublicOrder }) {
  const flow = useOrderAccess(orderId, initialOrder);
  // Who the photos are from, as the latest order answer said: kept while 'Try Again' or
  // 'Access Photos' checks the order again, so the page does not jump.
  const [seller, setSeller] = useState(flow.order?.seller);
  if (flow.order && flow.order.seller !== seller) setSeller(flow.order.seller);
  return (
    <section className="panel order-access" data-step={flow.step}>
      <SellerBrand brand={seller} />
      {/* Keyed by step so each step mounts its own heading, which then takes focus. */}
      <StepView key={flow.step} orderId={orderId} flow={flow} />
    </section>
  );
}

function StepView({ orderId, flow }: { orderId: string; flow: ReturnType<typeof useOrderAccess> }) {
  const { step, order, busy, message } = flow;
  if ((step === ORDER_STEPS.email || step === ORDER_STEPS.summary) && order) {
    return step === ORDER_STEPS.email ? (
      <EmailStep
        order={order}
        busy={busy}
        message={message}
        onSubmit={(email) => void flow.submitEmail(email)}
      />
    ) : (
      <SummaryStep
        order={order}
        busy={busy}
        message={message}
        onComplete={() => void flow.completePurchase()}
      />
    );
  }
  if (step === ORDER_STEPS.paymentStatus && order) {
    return <PaymentStatusStep order={order} onPay={flow.pay} onRecheck={flow.recheck} />;
  }
  switch (step) {
    case ORDER_STEPS.processing:
      return <ProgressStep heading={texts.processingHeading} label={texts.processing} />;
    case ORDER_STEPS.redirecting:
      return <ProgressStep heading={texts.redirectingHeading} label={texts.redirecting} />;
    case ORDER_STEPS.expired:
      return <ExpiredStep orderId={orderId} order={order ?? undefined} />;
    case ORDER_STEPS.completed:
      return <CompletedStep orderId={orderId} />;
    case ORDER_STEPS.error:
      return <ErrorStep message={message} onRetry={flow.recheck} />;
    default:
      return <StartStep busy={busy} message={message} onAccess={flow.recheck} />;
  }
}
