import { describe, expect, it } from 'vitest';
import { ALREADY_FULFILLED_MARKERS, orderErrors } from '../texts/errors';
import { OrderStatus, type NextStep } from '../schemas/order';
import {
  checkoutErrorOutcome,
  completionOutcome,
  isFreeOrder,
  ORDER_STEPS,
  paymentReasonOf,
  stepForOrder,
  type OrderForStep,
} from './order-flow';

const URL = 'https://checkout.example/session';
const nextSteps: (NextStep | undefined)[] = [undefined, 'REDIRECT_TO_STRIPE', 'COLLECT_EMAIL'];
const urls: (string | undefined)[] = [undefined, '', URL];

describe('stepForOrder', () => {
  describe.each(['FULFILLED', 'EXPIRED'] as const)('%s wins over everything else', (status) => {
    const expected = status === 'FULFILLED' ? 6 : 5;
    for (const nextStep of nextSteps) {
      for (const stripeCheckoutUrl of urls) {
        it(`nextStep ${nextStep}, url ${JSON.stringify(stripeCheckoutUrl)} -> ${expected}`, () => {
          expect(stepForOrder({ status, nextStep, stripeCheckoutUrl })).toBe(expected);
        });
      }
    }
  });

  describe.each(['PENDING', 'DRAFT'] as const)('%s', (status: OrderStatus) => {
    const cases: [OrderForStep, number][] = [
      [{ status, nextStep: 'REDIRECT_TO_STRIPE', stripeCheckoutUrl: URL }, 7],
      // A redirect without a URL is "any other nextStep": the summary.
      [{ status, nextStep: 'REDIRECT_TO_STRIPE' }, 2],
      [{ status, nextStep: 'REDIRECT_TO_STRIPE', stripeCheckoutUrl: '' }, 2],
      [{ status, nextStep: 'COLLECT_EMAIL' }, 1],
      [{ status, nextStep: 'COLLECT_EMAIL', stripeCheckoutUrl: URL }, 1],
      // No nextStep at all: "any other status", the email step.
      [{ status }, 1],
      [{ status, stripeCheckoutUrl: URL }, 1],
    ];
    it.each(cases)('%j -> step %i', (order, step) => {
      expect(stepForOrder(order)).toBe(step);
    });
  });

  describe('a paid order’s payment', () => {
    const cases: [OrderForStep, number][] = [
      [{ status: 'PROCESSING', statusReason: 'PAYMENT_PROCESSING' }, 9],
      [{ status: 'DISPUTED', statusReason: 'DISPUTE_OPEN' }, 9],
      [{ status: 'REFUNDED', statusReason: 'REFUNDED' }, 9],
      [{ status: 'REFUNDED', statusReason: 'DISPUTE_LOST' }, 9],
      // Failed: payable again, but the customer is told why first.
      [
        {
          status: 'PENDING',
          statusReason: 'PAYMENT_FAILED',
          nextStep: 'REDIRECT_TO_STRIPE',
          stripeCheckoutUrl: URL,
        },
        9,
      ],
      // Failed, and no session to pay with: as any pending order.
      [{ status: 'PENDING', statusReason: 'PAYMENT_FAILED', nextStep: 'REDIRECT_TO_STRIPE' }, 2],
      // Won back or partly refunded: the photos are there.
      [{ status: 'FULFILLED', statusReason: 'DISPUTE_WON' }, 6],
      [{ status: 'FULFILLED', statusReason: 'PARTIALLY_REFUNDED' }, 6],
    ];
    it.each(cases)('%j -> step %i', (order, step) => {
      expect(stepForOrder(order)).toBe(step);
    });
  });

  it('only ever answers steps of the spec table, or ours for the payment', () => {
    const allowed = new Set<number>(Object.values(ORDER_STEPS));
    for (const status of OrderStatus.options) {
      for (const nextStep of nextSteps) {
        for (const stripeCheckoutUrl of urls) {
          expect(allowed.has(stepForOrder({ status, nextStep, stripeCheckoutUrl }))).toBe(true);
        }
      }
    }
    expect([...allowed].sort()).toEqual([0, 1, 2, 3, 5, 6, 7, 8, 9]);
  });
});

describe('paymentReasonOf', () => {
  it.each([
    [{ status: 'REFUNDED', statusReason: 'DISPUTE_LOST' }, 'DISPUTE_LOST'],
    [{ status: 'FULFILLED', statusReason: 'DISPUTE_WON' }, 'DISPUTE_WON'],
    [{ status: 'PROCESSING' }, 'PAYMENT_PROCESSING'],
    [{ status: 'DISPUTED' }, 'DISPUTE_OPEN'],
    [{ status: 'REFUNDED' }, 'REFUNDED'],
    [{ status: 'FULFILLED' }, undefined],
    [{ status: 'PENDING' }, undefined],
  ] as [OrderForStep, string | undefined][])('%j -> %s', (order, reason) => {
    expect(paymentReasonOf(order)).toBe(reason);
  });
});

describe('isFreeOrder', () => {
  it.each([
    [{ total: 0, orderType: 'FREE_ORDER' as const }, true],
    [{ total: 0, orderType: 'PAID_ORDER' as const }, true],
    [{ total: 12.5, orderType: 'FREE_ORDER' as const }, true],
    [{ total: 0.01, orderType: 'PAID_ORDER' as const }, false],
    [{ total: 12.5, orderType: 'PAID_ORDER' as const }, false],
  ])('%j -> %s', (order, free) => {
    expect(isFreeOrder(order)).toBe(free);
  });
});

describe('checkoutErrorOutcome', () => {
  const captchaMessages = [
    'captcha verification failed',
    'Failed to validate checkout: 400 - A captcha token is required',
    'Captcha could not be loaded',
    'CAPTCHA',
  ];

  it.each(captchaMessages)('%j returns to the step it came from with the captcha text', (message) => {
    expect(checkoutErrorOutcome(message, 1)).toEqual({ step: 1, message: orderErrors.captchaFailed });
    expect(checkoutErrorOutcome(message, 2)).toEqual({ step: 2, message: orderErrors.captchaFailed });
    expect(orderErrors.captchaFailed).toBe('Captcha verification failed. Please try again.');
  });

  const fulfilledMessages = ALREADY_FULFILLED_MARKERS.flatMap((marker) => [
    marker,
    `Failed to complete checkout: 409 - This order has ${marker}`,
    `Order ${marker.toUpperCase()}`,
  ]);

  it.each(fulfilledMessages)('%j goes to step 6 from either step', (message) => {
    for (const origin of [1, 2] as const) {
      expect(checkoutErrorOutcome(message, origin)).toEqual({
        step: 6,
        message: orderErrors.alreadyCompleted,
      });
    }
  });

  it('names exactly the three markers of the spec', () => {
    expect([...ALREADY_FULFILLED_MARKERS]).toEqual([
      'already been fulfilled',
      'already been completed',
      'cannot be checked out again',
    ]);
  });

  it.each([
    '',
    'Network error occurred',
    'Failed to complete checkout: 500 - Internal server error',
    'already',
  ])(
    'any other message %j: free-order failure back at step 1, generic error at step 8 from the summary',
    (message) => {
      expect(checkoutErrorOutcome(message, 1)).toEqual({
        step: 1,
        message: 'Failed to process order. Please try again.',
      });
      expect(checkoutErrorOutcome(message, 2)).toEqual({
        step: 8,
        message: 'An error occurred while processing your request. Please try again later.',
      });
    },
  );

  it('prefers the captcha text when a message names both', () => {
    expect(checkoutErrorOutcome('captcha: order has already been fulfilled', 2).step).toBe(2);
  });
});

describe('completionOutcome', () => {
  const fulfilled = { status: 'FULFILLED' as const, emailSent: true };

  describe('from the email step (free photos)', () => {
    it('reopens the order when fulfilled, whatever the email outcome', () => {
      expect(completionOutcome(1, 'ord_12345678', fulfilled)).toEqual({ navigateTo: '/orders/ord_12345678' });
      expect(
        completionOutcome(1, 'ord_12345678', { ...fulfilled, emailSent: false, emailError: 'x' }),
      ).toEqual({
        navigateTo: '/orders/ord_12345678',
      });
    });

    it.each(['PENDING', 'DRAFT', 'EXPIRED'] as const)('%s -> step 8 with the retry text', (status) => {
      expect(completionOutcome(1, 'ord_12345678', { status, emailSent: true })).toEqual({
        step: 8,
        message: 'Failed to complete checkout. Please try again.',
      });
    });
  });

  describe('from the summary (Complete Purchase)', () => {
    it('goes to the success page', () => {
      expect(completionOutcome(2, 'ord_12345678', fulfilled)).toEqual({
        navigateTo: '/checkout/success/ord_12345678',
      });
    });

    it('flags the email error only when the email was not sent and an error was given', () => {
      expect(
        completionOutcome(2, 'abc', { status: 'FULFILLED', emailSent: false, emailError: 'SES down' }),
      ).toEqual({
        navigateTo: '/checkout/success/abc?emailError=true',
      });
      expect(completionOutcome(2, 'abc', { status: 'FULFILLED', emailSent: false })).toEqual({
        navigateTo: '/checkout/success/abc',
      });
      expect(completionOutcome(2, 'abc', { status: 'FULFILLED', emailSent: false, emailError: '' })).toEqual({
        navigateTo: '/checkout/success/abc',
      });
      expect(
        completionOutcome(2, 'abc', { status: 'FULFILLED', emailSent: true, emailError: 'stale' }),
      ).toEqual({
        navigateTo: '/checkout/success/abc',
      });
    });

    it.each(['PENDING', 'DRAFT', 'EXPIRED'] as const)('%s -> step 8 with the generic text', (status) => {
      expect(completionOutcome(2, 'abc', { status, emailSent: true })).toEqual({
        step: 8,
        message: orderErrors.genericProcessing,
      });
    });
  });

  it('encodes the order id into the path', () => {
    expect(completionOutcome(2, 'a/b', fulfilled)).toEqual({ navigateTo: '/checkout/success/a%2Fb' });
  });
});
