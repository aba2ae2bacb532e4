/**
 * The order-access step flow (public document, sections 2, 4, 5 and 8). The decisions are the pure
 * rules of shared/rules; this hook sequences the calls and keeps only the latest run's result, so a
 * restarted or unmounted flow never applies a stale answer. A step machine of human-checked calls whose
 * answers choose the next step, not a query (web/src/lib/use-query.ts) or a form (use-action.ts): its
 * one state (step, order, message, busy) is what the screens show.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { orderErrors } from '#shared/texts/errors';
import { orderEmailError } from '#shared/rules/email';
import {
  checkoutErrorOutcome,
  completionOutcome,
  ORDER_STEPS,
  stepForOrder,
  type CompletionOutcome,
  type OrderStep,
} from '#shared/rules/order-flow';
import type { PublicOrder } from '#shared/schemas/order';
import { useServices } from '../../lib/services';
import { orderAccessCalls } from './order-access-calls';

export interface OrderAccessState {
  step: OrderStep;
  order: PublicOrder | null;
  /** The error or notice to show on the current step. */
  message: string | null;
  /** A request is running: buttons that would start another are disabled. */
  busy: boolean;
}

const CHECKING: OrderAccessState = { step: ORDER_STEPS.start, order: null, message: null, busy: true };

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * `initialOrder`: the order as the page's entry already fetched it (after its own human check); the
 * flow starts from it instead of checking again. 'Access Photos' and 'Try Again' still check afresh.
 */
export function useOrderAccess(orderId: string, initialOrder?: PublicOrder) {
  const services = useServices();
  const navigate = useNavigate();
  const calls = useMemo(() => orderAccessCalls(services), [services]);
  const { assignLocation } = services;
  const [state, setState] = useState<OrderAccessState>(CHECKING);
  const latestRun = useRef(0);

  const startRun = () => ++latestRun.current;
  const isLatest = (run: number) => run === latestRun.current;

  // Bumped by 'Access Photos' and 'Try Again' to run the order check again.
  const [checkRequest, setCheckRequest] = useState(0);

  useEffect(() => {
    const run = startRun();
    const order =
      checkRequest === 0 && initialOrder ? Promise.resolve(initialOrder) : calls.checkOrder(orderId);
    order.then(
      (order) => {
        if (!isLatest(run)) return;
        const step = stepForOrder(order);
        setState({ step, order, message: null, busy: false });
        if (step === ORDER_STEPS.redirecting && order.stripeCheckoutUrl)
          assignLocation(order.stripeCheckoutUrl);
      },
      () => {
        if (isLatest(run)) setState({ ...CHECKING, message: orderErrors.orderCheckFailed, busy: false });
      },
    );
    return () => {
      startRun(); // drops the answer of this run
    };
  }, [calls, orderId, assignLocation, checkRequest, initialOrder]);

  const applyCompletion = (outcome: CompletionOutcome) => {
    if ('navigateTo' in outcome) navigate(outcome.navigateTo, { replace: true });
    else setState((current) => ({ ...current, ...outcome, busy: false }));
  };

  const recheck = () => {
    setState(CHECKING);
    setCheckRequest((count) => count + 1);
  };

  const submitEmail = async (email: string) => {
    const invalid = orderEmailError(email);
    if (invalid) {
      setState((current) => ({ ...current, message: invalid }));
      return;
    }
    const run = startRun();
    setState((current) => ({ ...current, message: null, busy: true }));
    try {
      const sessionId = await calls.validateCheckout(orderId, email.trim());
      const result = await calls.completeCheckout(orderId, sessionId);
      if (isLatest(run)) applyCompletion(completionOutcome(ORDER_STEPS.email, orderId, result));
    } catch (error) {
      if (isLatest(run)) applyCompletion(checkoutErrorOutcome(messageOf(error), ORDER_STEPS.email));
    }
  };

  const completePurchase = async () => {
    const sessionId = state.order?.sessionId;
    if (!sessionId) {
      // Nothing to complete: the order came without a checkout session.
      setState((current) => ({
        ...current,
        step: ORDER_STEPS.error,
        message: orderErrors.genericProcessing,
      }));
      return;
    }
    const run = startRun();
    setState((current) => ({ ...current, step: ORDER_STEPS.processing, message: null, busy: true }));
    try {
      const result = await calls.completeCheckout(orderId, sessionId);
      if (isLatest(run)) applyCompletion(completionOutcome(ORDER_STEPS.summary, orderId, result));
    } catch (error) {
      if (isLatest(run)) applyCompletion(checkoutErrorOutcome(messageOf(error), ORDER_STEPS.summary));
    }
  };

  /** A failed payment, paid again: off to the order's fresh Checkout Session. */
  const pay = () => {
    if (state.order?.stripeCheckoutUrl) assignLocation(state.order.stripeCheckoutUrl);
  };

  return { ...state, recheck, submitEmail, completePurchase, pay };
}
