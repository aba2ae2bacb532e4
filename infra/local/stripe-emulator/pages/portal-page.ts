/** The customer billing portal: the customer's subscriptions, with cancellation at period end. */
import type { PortalSession, Subscription } from '../objects/types';
import { formatAmount, formatDate, html, page } from './html';

const periodEnd = (subscription: Subscription) =>
  subscription.items.data[0]?.current_period_end ?? subscription.created;

const subscriptionBlock = (session: PortalSession, subscription: Subscription) => {
  const item = subscription.items.data[0];
  const price =
    item === undefined ? '' : formatAmount(item.price.unit_amount * item.quantity, item.price.currency);
  const interval = item?.price.recurring?.interval ?? '';
  const state =
    subscription.status === 'canceled'
      ? html`<p>Canceled.</p>`
      : subscription.cancel_at_period_end
        ? html`<p>Cancels on ${formatDate(periodEnd(subscription))}.</p>`
        : html`<p>Renews on ${formatDate(periodEnd(subscription))}.</p>
            <form method="post" action="/p/session/${session.id}/subscriptions/${subscription.id}/cancel">
              <button type="submit">Cancel subscription</button>
            </form>`;
  return html`<section aria-label="${item?.price.nickname ?? 'Subscription'}">
    <h2>${item?.price.nickname ?? 'Subscription'}</h2>
    <p>${price} per ${interval}</p>
    ${state}
  </section>`;
};

export const portalPage = (session: PortalSession, subscriptions: Subscription[]): string =>
  page(
    'Manage your subscription',
    html`<h1>Manage your subscription</h1>
      ${subscriptions.length === 0 ? html`<p>You have no subscriptions.</p>` : subscriptions.map((subscription) => subscriptionBlock(session, subscription))}
      ${session.return_url === null ? '' : html`<p><a href="${session.return_url}">Return to merchant</a></p>`}`,
  );
