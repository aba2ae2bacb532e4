/** The hosted checkout page (`/c/pay/:id`): amount, email, test card, Pay, and a cancel link. */
import type { StoredCheckoutSession } from '../objects/types';
import { formatAmount, html, page } from './html';

/** Stripe's "always succeeds" test card, prefilled so a local payment is one click. */
export const DEFAULT_TEST_CARD = '4242 4242 4242 4242';

export interface CheckoutForm {
  email: string;
  cardNumber: string;
}

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
          value="${form?.cardNumber ?? DEFAULT_TEST_CARD}"
        />
        <button type="submit">Pay</button>
      </form>
      ${cancelLink(stored)}`,
  );
};

/** A session that is no longer open: paid already, or expired. */
export const closedCheckoutPage = (stored: StoredCheckoutSession, successUrl: string | null): string => {
  const { session } = stored;
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
