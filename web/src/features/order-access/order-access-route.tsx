/**
 * /orders/{orderId}: the customer's order-access step flow. The order id comes from the path or, as in
 * the original app, from navigation state (`navigate('/orders', { state: { orderId } })`).
 */
import { Fragment, lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useLocation, useParams } from 'react-router';
import type { PublicOrder } from '#shared/schemas/order';
import { ORDER_STEPS } from '#shared/rules/order-steps';
import { Progress } from '../../components/progress';
import { orderRouteTexts as texts } from './route-texts';

const loadFlow = () => import('./order-access-flow');
const LazyOrderAccessFlow = lazy(() => loadFlow().then((m) => ({ default: m.OrderAccessFlow })));
// /orders without an id is rare (an old link): its screen stays out of the order page's first chunk.
const MissingOrderId = lazy(() => import('./missing-order-id').then((m) => ({ default: m.MissingOrderId })));

function OrderAccessFlow(props: { orderId: string; initialOrder?: PublicOrder }) {
  return (
    <Suspense fallback={<Progress label={texts.checkingOrder} />}>
      <LazyOrderAccessFlow {...props} />
    </Suspense>
  );
}

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
  // Fetched while the entry's calls run, so the steps are there if the order needs them.
  useEffect(() => {
    if (orderId) void loadFlow();
  }, [orderId]);
  if (!orderId) {
    return (
      <section className="panel order-access" data-step={ORDER_STEPS.start}>
        <Suspense fallback={null}>
          <MissingOrderId />
        </Suspense>
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
