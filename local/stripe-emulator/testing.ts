/**
 * Helpers for tests that drive the emulator the way a browser would (form posts to the hosted
 * pages) and receive its webhooks. Used by the emulator's own tests and free for others' tests.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import Stripe from 'stripe';
import { closeServer, listenOn } from '@shutterlane/aws-standins/http/ports';
import { startStripeEmulator, type StripeEmulator, type StripeEmulatorOptions } from './index';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  /** The raw body: signatures are checked over these exact bytes. */
  body: string;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Status to answer with (default 200), e.g. 500 to make the emulator retry. */
  respondWith(status: number): void;
  /** Resolves with the first delivery (already received or future) that matches. */
  waitFor(match: (webhook: ReceivedWebhook) => boolean, timeoutMs?: number): Promise<ReceivedWebhook>;
  close(): Promise<void>;
}

export const eventType = (webhook: ReceivedWebhook): string =>
  (JSON.parse(webhook.body) as { type: string }).type;

export const startWebhookReceiver = async (): Promise<WebhookReceiver> => {
  const received: ReceivedWebhook[] = [];
  const waiters = new Set<() => void>();
  let status = 200;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(status).end();
      for (const wake of waiters) wake();
    });
  });
  const port = await listenOn(server, 0, 'the webhook receiver', 'none', '127.0.0.1');
  const waitFor = (match: (webhook: ReceivedWebhook) => boolean, timeoutMs = 5_000) =>
    new Promise<ReceivedWebhook>((resolve, reject) => {
      const check = () => {
        const found = received.find(match);
        if (found === undefined) return;
        cleanUp();
        resolve(found);
      };
      const timer = setTimeout(() => {
        cleanUp();
        reject(new Error(`No matching webhook within ${timeoutMs} ms (received ${received.length})`));
      }, timeoutMs);
      const cleanUp = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
  return {
    url: `http://127.0.0.1:${port}/webhooks/stripe`,
    received,
    respondWith: (next) => {
      status = next;
    },
    waitFor,
    close: () => closeServer(server),
  };
};

/** Stripe's test cards the hosted checkout page knows (any other valid number succeeds). */
export const TEST_CARDS = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  /** Succeeds, then the bank disputes it as fraudulent: `charge.dispute.created`, `needs_response`. */
  disputed: '4000 0000 0000 0259',
} as const;

const postForm = (url: string, fields: Record<string, string>): Promise<Response> =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
    redirect: 'manual',
  });

/** Submits the hosted checkout page's card form, as pressing "Pay" does. The response is not followed. */
export const submitCheckoutPage = (
  sessionUrl: string,
  form: { email?: string; cardNumber?: string } = {},
): Promise<Response> =>
  postForm(sessionUrl, {
    payment_method: 'card',
    email: form.email ?? 'customer@example.com',
    card_number: form.cardNumber ?? TEST_CARDS.succeeds,
  });

/**
 * Submits the hosted page's Bacs Direct Debit form (the session must allow `bacs_debit`): the session
 * completes unpaid until `settleDelayedPayment`. The response is not followed.
 */
export const submitBacsDebitPage = (
  sessionUrl: string,
  form: { email?: string; accountHolder?: string; sortCode?: string; accountNumber?: string } = {},
): Promise<Response> =>
  postForm(sessionUrl, {
    payment_method: 'bacs_debit',
    email: form.email ?? 'customer@example.com',
    account_holder_name: form.accountHolder ?? 'Jenny Rosen',
    sort_code: form.sortCode ?? '10-88-00',
    account_number: form.accountNumber ?? '00012345',
  });

/** Calls one of the emulator's control endpoints (`/__control/...`, JSON); throws unless it answers 2xx. */
export const callControl = async (
  emulatorUrl: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: object,
): Promise<unknown> => {
  const response = await fetch(`${emulatorUrl}/__control${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const answer: unknown = await response.json();
  if (!response.ok)
    throw new Error(`${method} /__control${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
};

/** The bank's answer to a session paid by Bacs Direct Debit: `checkout.session.async_payment_*` follows. */
export const settleDelayedPayment = async (
  emulatorUrl: string,
  sessionId: string,
  outcome: 'succeeded' | 'failed',
): Promise<Stripe.Checkout.Session> =>
  (await callControl(emulatorUrl, 'POST', `/checkout/sessions/${sessionId}/settle`, {
    outcome,
  })) as Stripe.Checkout.Session;

/** Closes an open dispute as the cardholder's bank decided: `charge.dispute.closed` follows. */
export const closeDispute = async (
  emulatorUrl: string,
  disputeId: string,
  outcome: 'won' | 'lost',
): Promise<Stripe.Dispute> =>
  (await callControl(emulatorUrl, 'POST', `/disputes/${disputeId}/close`, { outcome })) as Stripe.Dispute;

export interface PlannedFault {
  /** GET, POST (default), DELETE or `*`. */
  method?: string;
  /** An API path; `*` matches within one segment, e.g. `/v1/checkout/sessions/*\/expire`. */
  path: string;
  /** `error`: a 500, not run; `hang`: no answer, not run; `drop`: run, then the connection closed unanswered. */
  kind: 'error' | 'hang' | 'drop';
  /** How many matching calls fail (default 1). */
  count?: number;
}

/** Makes the next matching API calls fail (see faults.ts). */
export const planFault = (emulatorUrl: string, fault: PlannedFault): Promise<unknown> =>
  callControl(emulatorUrl, 'POST', '/faults', fault);

/** Forgets every planned fault. */
export const clearFaults = (emulatorUrl: string): Promise<unknown> =>
  callControl(emulatorUrl, 'DELETE', '/faults');

/**
 * A £25.00 direct charge on `account` with a £1.25 application fee (Shutterlane's 5%), paid on the
 * hosted page: the payment intent's id.
 */
export const paidDirectCharge = async (stripe: Stripe, account: string): Promise<string> => {
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        { quantity: 1, price_data: { currency: 'gbp', unit_amount: 2500, product_data: { name: 'Photos' } } },
      ],
      payment_intent_data: { application_fee_amount: 125 },
      success_url: 'http://app.test/done',
      cancel_url: 'http://app.test/orders/1',
    },
    { stripeAccount: account },
  );
  const paid = await submitCheckoutPage(session.url ?? '');
  if (paid.status !== 303) throw new Error(`Checkout page answered ${paid.status}`);
  const completed = await stripe.checkout.sessions.retrieve(session.id, {}, { stripeAccount: account });
  return String(completed.payment_intent);
};

/** Refunds a direct charge as the seller would from their Dashboard: the API with their Stripe-Account header. */
export const refundAsSeller = (
  stripe: Stripe,
  account: string,
  params: Stripe.RefundCreateParams,
): Promise<Stripe.Refund> => stripe.refunds.create(params, { stripeAccount: account });

/** The dispute the bank opened on a payment to `account` (the dispute test card's, opened right after paying). */
export const disputeOfPayment = async (
  stripe: Stripe,
  account: string,
  paymentIntent: string,
): Promise<Stripe.Dispute> => {
  const disputes = await stripe.disputes.list({ payment_intent: paymentIntent }, { stripeAccount: account });
  const [dispute] = disputes.data;
  if (dispute === undefined) throw new Error(`No dispute on ${paymentIntent}`);
  return dispute;
};

/** Presses "Complete onboarding" on the page an account link points at. The response is not followed. */
export const submitOnboardingPage = (accountLinkUrl: string): Promise<Response> =>
  fetch(accountLinkUrl, { method: 'POST', redirect: 'manual' });

export interface OnboardedAccountOptions {
  /** Also request `bacs_debit_payments`, which a direct charge paid by Bacs Direct Debit needs. */
  bacsDebit?: boolean;
  /** `settings.payouts.schedule`, e.g. `{ interval: 'daily', delay_days: 28 }` as Shutterlane sets it. */
  payoutSchedule?: Stripe.AccountCreateParams.Settings.Payouts.Schedule;
  /** Made with these controller properties instead of `type: 'express'` (as Shutterlane makes accounts). */
  controller?: Stripe.AccountCreateParams.Controller;
}

/**
 * An Express account (or one made with the controller given) that has completed onboarding through the
 * hosted page: it takes card payments
 * (direct charges) and receives transfers (destination charges).
 */
export const createOnboardedAccount = async (
  stripe: Stripe,
  email = 'seller@example.com',
  options: OnboardedAccountOptions = {},
): Promise<Stripe.Account> => {
  const account = await stripe.accounts.create({
    ...(options.controller === undefined ? { type: 'express' } : { controller: options.controller }),
    country: 'GB',
    email,
    capabilities: {
      card_payments: { requested: true },
      transfers: { requested: true },
      ...(options.bacsDebit === true ? { bacs_debit_payments: { requested: true } } : {}),
    },
    ...(options.payoutSchedule === undefined
      ? {}
      : { settings: { payouts: { schedule: options.payoutSchedule } } }),
  });
  const link = await stripe.accountLinks.create({
    account: account.id,
    refresh_url: 'http://app.test/connect/refresh',
    return_url: 'http://app.test/connect/return',
    type: 'account_onboarding',
  });
  const response = await submitOnboardingPage(link.url);
  if (response.status !== 303) throw new Error(`Onboarding page answered ${response.status}`);
  return stripe.accounts.retrieve(account.id);
};

export const TEST_SECRET_KEY = 'sk_test_emulator_tests';
export const TEST_WEBHOOK_SECRET = 'whsec_emulator_tests';

export interface TestEmulator {
  emulator: StripeEmulator;
  /** The real SDK, pointed at the emulator. */
  stripe: Stripe;
  receiver: WebhookReceiver;
  /** Parses and verifies a received webhook with the emulator's signing secret. */
  verify(webhook: ReceivedWebhook): Stripe.Event;
  /** Waits for the first webhook of `type` about the object `objectId`. */
  waitForEvent(type: string, objectId: string): Promise<Stripe.Event>;
  stop(): Promise<void>;
}

/** An emulator on a free port, forwarding every event to a local receiver (`setWebhookUrl`). */
export const startTestEmulator = async (
  options: Partial<
    Pick<
      StripeEmulatorOptions,
      'dataDir' | 'webhookRetryDelaysMs' | 'connectWebhookSecret' | 'dashboardPortalSettings'
    >
  > = {},
): Promise<TestEmulator> => {
  const receiver = await startWebhookReceiver();
  const emulator = await startStripeEmulator({
    port: 0,
    secretKey: TEST_SECRET_KEY,
    webhookSecret: TEST_WEBHOOK_SECRET,
    webhookUrl: receiver.url,
    webhookRetryDelaysMs: [50, 100],
    ...options,
  });
  const stripe = new Stripe(TEST_SECRET_KEY, { host: 'localhost', port: emulator.port, protocol: 'http' });
  const verify = (webhook: ReceivedWebhook) =>
    stripe.webhooks.constructEvent(
      webhook.body,
      String(webhook.headers['stripe-signature']),
      TEST_WEBHOOK_SECRET,
    );
  const isAbout = (type: string, objectId: string) => (webhook: ReceivedWebhook) => {
    const event = JSON.parse(webhook.body) as { type: string; data: { object: { id: string } } };
    return event.type === type && event.data.object.id === objectId;
  };
  return {
    emulator,
    stripe,
    receiver,
    verify,
    waitForEvent: async (type, objectId) => verify(await receiver.waitFor(isAbout(type, objectId))),
    stop: async () => {
      await emulator.stop();
      await receiver.close();
    },
  };
};

/** What a call that should fail threw: the error itself, or an Error saying it did not fail. */
export const failure = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => new Error('expected a failure'),
    (error: unknown) => error,
  );

/** The payout schedule Shutterlane gives its sellers' accounts: each payment paid out 28 days after it. */
export const SHUTTERLANE_PAYOUTS = { interval: 'daily', delay_days: 28 } as const;

/**
 * Subscribes through a hosted Checkout page (seller@example.com, user `user-1`) and answers the
 * subscription once `checkout.session.completed` has arrived.
 */
export const subscribeThroughCheckout = async (
  t: TestEmulator,
  price: Stripe.Price,
  options: { trialDays?: number; clientReferenceId?: string } = {},
): Promise<Stripe.Subscription> => {
  const session = await t.stripe.checkout.sessions.create({
    mode: 'subscription',
    customer_email: 'seller@example.com',
    line_items: [{ price: price.id, quantity: 1 }],
    subscription_data: {
      metadata: { userId: 'user-1' },
      ...(options.trialDays && { trial_period_days: options.trialDays }),
    },
    ...(options.clientReferenceId && { client_reference_id: options.clientReferenceId }),
    success_url: 'http://app.test/dashboard',
  });
  const page = await submitCheckoutPage(session.url ?? '');
  if (page.status !== 303) throw new Error(`Checkout page answered ${page.status}`);
  const completed = await t.waitForEvent('checkout.session.completed', session.id);
  return t.stripe.subscriptions.retrieve(
    String((completed.data.object as Stripe.Checkout.Session).subscription),
  );
};

/** A £9 payment session on the platform account, paid by card on its hosted page; answers the session. */
export const paidPlatformSession = async (stripe: Stripe): Promise<Stripe.Checkout.Session> => {
  const session = await stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [
      { quantity: 1, price_data: { currency: 'gbp', unit_amount: 900, product_data: { name: 'Photo' } } },
    ],
    success_url: 'http://app.test/ok',
  });
  await submitCheckoutPage(session.url ?? '');
  return session;
};
