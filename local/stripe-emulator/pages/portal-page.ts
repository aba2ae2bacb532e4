/**
 * The customer billing portal, as its configuration allows: the customer's subscriptions, with a
 * cancellation (at the period end or at once, when `subscription_cancel` is on) and a plan switch
 * among the configuration's prices (when `subscription_update` allows `price`), the invoice history
 * (when on), and the business profile's headline and policy links.
 */
import type { Invoice, PortalConfiguration, PortalSession, Price, Subscription } from '../objects/types';
import { formatAmount, formatDate, html, page } from './html';

export interface PortalSubscription {
  subscription: Subscription;
  /** A change waiting for the period end. */
  scheduled: Price | undefined;
  /** Plans it may switch to. */
  options: Price[];
}

export interface PortalView {
  session: PortalSession;
  configuration: PortalConfiguration;
  entries: PortalSubscription[];
  invoices: Invoice[];
}

const periodEnd = (subscription: Subscription) =>
  subscription.items.data[0]?.current_period_end ?? subscription.created;

const perInterval = (price: Price) =>
  `${formatAmount(price.unit_amount, price.currency)} per ${price.recurring?.interval ?? ''}`;

const actionPath = (view: PortalView, subscription: Subscription, action: 'switch' | 'cancel') =>
  `/p/session/${view.session.id}/subscriptions/${subscription.id}/${action}`;

const switchForms = (view: PortalView, entry: PortalSubscription) =>
  entry.options.map(
    (price) =>
      html`<form method="post" action="${actionPath(view, entry.subscription, 'switch')}">
        <input type="hidden" name="price" value="${price.id}" />
        <button type="submit">Switch to ${price.nickname} (${perInterval(price)})</button>
      </form>`,
  );

const cancelForm = (view: PortalView, subscription: Subscription) => {
  const cancel = view.configuration.features.subscription_cancel;
  if (!cancel.enabled) return '';
  const label = cancel.mode === 'immediately' ? 'Cancel subscription now' : 'Cancel subscription';
  return html`<form method="post" action="${actionPath(view, subscription, 'cancel')}">
    <button type="submit">${label}</button>
  </form>`;
};

const stateOf = (view: PortalView, entry: PortalSubscription) => {
  const { subscription, scheduled } = entry;
  if (subscription.status === 'canceled') return html`<p>Canceled.</p>`;
  if (subscription.cancel_at_period_end)
    return html`<p>Cancels on ${formatDate(periodEnd(subscription))}.</p>`;
  const trial =
    subscription.status === 'trialing' && subscription.trial_end !== null
      ? html`<p>Free trial until ${formatDate(subscription.trial_end)}.</p>`
      : '';
  const pastDue =
    subscription.status === 'past_due' ? html`<p class="error">Your last payment failed.</p>` : '';
  const change =
    scheduled === undefined
      ? ''
      : html`<p>Changes to ${scheduled.nickname} on ${formatDate(periodEnd(subscription))}.</p>`;
  return html`${trial}${pastDue}
    <p>Renews on ${formatDate(periodEnd(subscription))}.</p>
    ${change} ${switchForms(view, entry)} ${cancelForm(view, subscription)}`;
};

const subscriptionBlock = (view: PortalView, entry: PortalSubscription) => {
  const item = entry.subscription.items.data[0];
  const name = item?.price.nickname ?? 'Subscription';
  return html`<section aria-label="${name}">
    <h2>${name}</h2>
    ${item === undefined ? '' : html`<p>${perInterval(item.price)}</p>`} ${stateOf(view, entry)}
  </section>`;
};

const invoiceHistory = (view: PortalView) => {
  if (!view.configuration.features.invoice_history.enabled) return '';
  const rows = view.invoices.map(
    (invoice) =>
      html`<tr>
        <td>${formatDate(invoice.created)}</td>
        <td>${formatAmount(invoice.amount_due, invoice.currency)}</td>
        <td>${invoice.status === 'paid' ? 'Paid' : 'Open'}</td>
      </tr>`,
  );
  return html`<section aria-label="Invoice history">
    <h2>Invoice history</h2>
    ${
      view.invoices.length === 0
        ? html`<p>No invoices yet.</p>`
        : html`<table>
            ${rows}
          </table>`
    }
  </section>`;
};

const policyLinks = ({ business_profile: profile }: PortalConfiguration) =>
  html`${
    profile.privacy_policy_url === null
      ? ''
      : html`<a href="${profile.privacy_policy_url}">Privacy policy</a> `
  }${
    profile.terms_of_service_url === null
      ? ''
      : html`<a href="${profile.terms_of_service_url}">Terms of service</a>`
  }`;

export const portalPage = (view: PortalView): string => {
  const { session, configuration, entries } = view;
  const returnUrl = session.return_url ?? configuration.default_return_url;
  const headline = configuration.business_profile.headline;
  return page(
    'Manage your subscription',
    html`<h1>Manage your subscription</h1>
      ${headline === null ? '' : html`<p>${headline}</p>`}
      ${
        entries.length === 0
          ? html`<p>You have no subscriptions.</p>`
          : entries.map((entry) => subscriptionBlock(view, entry))
      }
      ${invoiceHistory(view)}
      ${returnUrl === null ? '' : html`<p><a href="${returnUrl}">Return to merchant</a></p>`}
      <p>${policyLinks(configuration)}</p>`,
  );
};
