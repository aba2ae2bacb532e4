/**
 * The hosted checkout page (`/c/pay/:id`): amount, email, test card, Pay, and a cancel link; when the
 * session allows `bacs_debit`, a second form pays by Bacs Direct Debit from a UK bank account.
 */
import type { CheckoutForm } from '../objects/checkout';
import type { StoredCheckoutSession } from '../objects/types';
import { formatAmount, html, page } from './html';

/** Stripe's "always succeeds" test card, prefilled so a local payment is one click. */
export const DEFAULT_TEST_CARD = '4242 4242 4242 4242';
/** Stripe's Bacs Direct Debit test bank account, prefilled likewise. */
export const TEST_SORT_CODE = '10-88-00';
export const TEST_ACCOUNT_NUMBER = '00012345';

const lineItemRows = (stored: StoredCheckoutSession) =>
  stored.lineItems.map(
    (item) =>
      html`<tr>
        <td>${item.description} × ${item.quantity}</td>
        <td>${formatAmount(item.amount_total, item.currency)}</td>
      </tr>`,
  );

const cancelLink = (stored: StoredCheckoutSession) =>
  stored.session.cancel_url === null ? '' : html`<p><a href="${stored.session.cancel_url}">Cancel</a></p>`;

const bacsForm = (stored: StoredCheckoutSession, email: string, form?: CheckoutForm) => {
  const { session } = stored;
  const given = form?.method === 'bacs_debit' ? form : undefined;
  return html`<h2>Or pay by Bacs Direct Debit</h2>
    <form method="post" action="/c/pay/${session.id}">
      <input type="hidden" name="payment_method" value="bacs_debit" />
      <label for="bacs_email">Email</label>
      <input
        id="bacs_email"
        name="email"
        type="email"
        autocomplete="email"
        required
        value="${email}"
        ${session.customer_email === null ? '' : html` readonly`}
      />
      <label for="account_holder_name">Account holder name</label>
      <input
        id="account_holder_name"
        name="account_holder_name"
        autocomplete="name"
        required
        value="${given?.accountHolder ?? ''}"
      />
      <label for="sort_code">Sort code</label>
      <input
        id="sort_code"
        name="sort_code"
        inputmode="numeric"
        required
        value="${given?.sortCode ?? TEST_SORT_CODE}"
      />
      <label for="account_number">Account number</label>
      <input
        id="account_number"
        name="account_number"
        inputmode="numeric"
        required
        value="${given?.accountNumber ?? TEST_ACCOUNT_NUMBER}"
      />
      <p>
        By confirming, you authorise this Direct Debit of
        ${formatAmount(session.amount_total, session.currency)} from the account above. It takes a few working
        days to complete.
      </p>
      <button type="submit">Pay by Bacs Direct Debit</button>
    </form>`;
};

export const checkoutPage = (stored: StoredCheckoutSession, form?: CheckoutForm, error?: string): string => {
  const { session } = stored;
  const total = formatAmount(session.amount_total, session.currency);
  const email = session.customer_email ?? form?.email ?? '';
  const recurring =
    session.mode === 'subscription'
      ? html`<p>Billed every ${stored.lineItems[0]?.price.recurring?.interval}.</p>`
      : '';
  return page(
    `Pay ${total}`,
    html`<h1>Checkout</h1>
      <p>Amount due</p>
      <p class="total" data-testid="amount">
        ${total} <span data-testid="currency">${session.currency.toUpperCase()}</span>
      </p>
      ${recurring}
      <table aria-label="Order summary">
        <tbody>
          ${lineItemRows(stored)}
        </tbody>
      </table>
      ${error === undefined ? '' : html`<p class="error" role="alert">${error}</p>`}
      <form method="post" action="/c/pay/${session.id}">
        <input type="hidden" name="payment_method" value="card" />
        <label for="email">Email</label>
        <input
          id="email"
          name="email"
          type="email"
          autocomplete="email"
          required
          value="${email}"
          ${session.customer_email === null ? '' : html` readonly`}
        />
        <label for="card_number">Card number</label>
        <input
          id="card_number"
          name="card_number"
          inputmode="numeric"
          autocomplete="cc-number"
          required
          value="${form?.method === 'card' ? form.cardNumber : DEFAULT_TEST_CARD}"
        />
        <button type="submit">Pay</button>
      </form>
      ${session.payment_method_types.includes('bacs_debit') ? bacsForm(stored, email, form) : ''}
      ${cancelLink(stored)}`,
  );
};

/** A session that is no longer open: paid already, or expired. */
export const closedCheckoutPage = (stored: StoredCheckoutSession, successUrl: string | null): string => {
  const { session } = stored;
  if (session.status === 'complete' && session.payment_status === 'unpaid') {
    return page(
      'Payment processing',
      html`<h1>Payment processing</h1>
        <p>
          Your Bacs Direct Debit of ${formatAmount(session.amount_total, session.currency)} is set up. The
          payment takes a few working days to complete.
        </p>
        ${successUrl === null ? '' : html`<p><a href="${successUrl}">Continue</a></p>`}`,
    );
  }
  if (session.status === 'complete') {
    return page(
      'Payment complete',
      html`<h1>Payment complete</h1>
        <p>Thanks for your payment of ${formatAmount(session.amount_total, session.currency)}.</p>
        ${successUrl === null ? '' : html`<p><a href="${successUrl}">Continue</a></p>`}`,
    );
  }
  return page(
    'Checkout session expired',
    html`<h1>Checkout session expired</h1>
      <p>This checkout session has expired and can no longer be paid.</p>
      ${cancelLink(stored)}`,
  );
};

export const notFoundPage = (what: string): string =>
  page(
    'Not found',
    html`<h1>Not found</h1>
      <p>${what} was not found. The link may be wrong or out of date.</p>`,
  );
