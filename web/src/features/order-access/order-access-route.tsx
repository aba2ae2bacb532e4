/**
 * /orders/{orderId}: the customer's order-access step flow. The order id comes from the path or, as in
 * the original app, from navigation state (`navigate('/orders', { state: { orderId } })`).
 */
import { Fragment, type ReactNode } from 'react';
import { useLocation, useParams } from 'react-router';
import type { PublicOrder } from '../../../../shared/schemas/order';
import { ORDER_STEPS } from '../../../../shared/rules/order-flow';
import { orderAccessTexts as texts } from '../../lib/texts/order-access';
import {
  CompletedStep,
  EmailStep,
  ErrorStep,
  ExpiredStep,
  MissingOrderId,
  ProgressStep,
  StartStep,
  SummaryStep,
} from './step-views';
import { useOrderAccess } from './use-order-access';

function orderIdFromState(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('orderId' in state)) return undefined;
  return typeof state.orderId === 'string' && state.orderId !== '' ? state.orderId : undefined;
}

/**
 * What runs first on an order page with an id (web/src/app gives the gallery's entry): it shows its
 * own states and calls `renderSteps` with the order when the step flow should take over.
 */
export type OrderEntry = (orderId: string, renderSteps: (order: PublicOrder) => ReactNode) => ReactNode;

export function OrderAccessRoute({ entry }: { entry?: OrderEntry } = {}) {
  const params = useParams();
  const location = useLocation();
  const orderId = params.orderId || orderIdFromState(location.state);
  if (!orderId) {
    return (
      <section className="panel order-access" data-step={ORDER_STEPS.start}>
        <MissingOrderId />
      </section>
    );
  }
  // A new navigation to the same order (e.g. after a free checkout) starts the flow afresh.
  const key = `${orderId} ${location.key}`;
  if (!entry) return <OrderAccessFlow key={key} orderId={orderId} />;
  return (
    <Fragment key={key}>
      {entry(orderId, (order) => (
        <OrderAccessFlow orderId={orderId} initialOrder={order} />
      ))}
    </Fragment>
  );
}

function OrderAccessFlow({ orderId, initialOrder }: { orderId: string; initialOrder?: PublicOrder }) {
  const flow = useOrderAccess(orderId, initialOrder);
  return (
    <section className="panel order-access" data-step={flow.step}>
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
  switch (step) {
    case ORDER_STEPS.processing:
      return <ProgressStep heading={texts.processingHeading} label={texts.processing} />;
    case ORDER_STEPS.redirecting:
      return <ProgressStep heading={texts.redirectingHeading} label={texts.redirecting} />;
    case ORDER_STEPS.expired:
      return <ExpiredStep orderId={orderId} />;
    case ORDER_STEPS.completed:
      return <CompletedStep orderId={orderId} />;
    case ORDER_STEPS.error:
      return <ErrorStep message={message} onRetry={flow.recheck} />;
    default:
      return <StartStep busy={busy} message={message} onAccess={flow.recheck} />;
  }
}
