/**
 * The customer billing portal: the customer's subscriptions, with cancellation at period end and a
 * plan switch among the prices that have a lookup key (the portal configuration's products): a dearer
 * plan applies at once, a cheaper one from the next period.
 */
import type { PortalSession, Price, Subscription } from '../objects/types';
import { formatAmount, formatDate, html, page } from './html';

export interface PortalSubscription {
  subscription: Subscription;
  /** A downgrade waiting for the period end. */
  scheduled: Price | undefined;
  /** Plans it may switch to. */
  options: Price[];
}

const periodEnd = (subscription: Subscription) =>
  subscription.items.data[0]?.current_period_end ?? subscription.created;

const perInterval = (price: Price) =>
  `${formatAmount(price.unit_amount, price.currency)} per ${price.recurring?.interval ?? ''}`;

const switchForms = (session: PortalSession, entry: PortalSubscription) =>
  entry.options.map(
    (price) =>
      html`<form
        method="post"
        action="/p/session/${session.id}/subscriptions/${entry.subscription.id}/switch"
      >
        <input type="hidden" name="price" value="${price.id}" />
        <button type="submit">Switch to ${price.nickname} (${perInterval(price)})</button>
      </form>`,
  );

const stateOf = (session: PortalSession, entry: PortalSubscription) => {
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
    ${change} ${switchForms(session, entry)}
    <form method="post" action="/p/session/${session.id}/subscriptions/${subscription.id}/cancel">
      <button type="submit">Cancel subscription</button>
    </form>`;
};

const subscriptionBlock = (session: PortalSession, entry: PortalSubscription) => {
  const item = entry.subscription.items.data[0];
  const name = item?.price.nickname ?? 'Subscription';
  return html`<section aria-label="${name}">
    <h2>${name}</h2>
    ${item === undefined ? '' : html`<p>${perInterval(item.price)}</p>`} ${stateOf(session, entry)}
  </section>`;
};

export const portalPage = (session: PortalSession, entries: PortalSubscription[]): string =>
  page(
    'Manage your subscription',
    html`<h1>Manage your subscription</h1>
      ${entries.length === 0 ? html`<p>You have no subscriptions.</p>` : entries.map((entry) => subscriptionBlock(session, entry))}
      ${session.return_url === null ? '' : html`<p><a href="${session.return_url}">Return to merchant</a></p>`}`,
  );
