import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { SUBSCRIBED_EVENTS, subscribedEventTypes } from '../../functions/stripe-webhook/event-handlers';
import { SETTING_DEFAULTS } from '../../infra/stacks/settings';
import {
  SECRET_NAMES,
  SETUP_MARK,
  reviewEndpoint,
  strayEndpointNotes,
  wantedEndpoints,
  type WantedEndpoint,
} from './webhook-endpoints';

const URL_ = 'https://shutterlane.com/api/webhooks/stripe';
const [platform, connect] = wantedEndpoints(URL_) as [WantedEndpoint, WantedEndpoint];

/** An endpoint as Stripe lists it (no secret, no connect flag). */
const existingFrom = (
  wanted: WantedEndpoint,
  fields: Partial<Stripe.WebhookEndpoint> = {},
): Stripe.WebhookEndpoint => ({
  id: `we_${wanted.role}`,
  object: 'webhook_endpoint',
  api_version: Stripe.API_VERSION,
  application: null,
  created: 1,
  description: String(wanted.params.description),
  enabled_events: [...wanted.params.enabled_events],
  livemode: false,
  metadata: { ...wanted.params.metadata },
  status: 'enabled',
  url: wanted.params.url,
  ...fields,
});

describe('wantedEndpoints', () => {
  it('subscribes a platform and a Connect endpoint to exactly the handler table’s events, split by source', () => {
    const subscribed = [...platform.params.enabled_events, ...connect.params.enabled_events];
    expect(subscribed.sort()).toEqual(SUBSCRIBED_EVENTS.map((event) => event.type).sort());
    expect(platform.params.enabled_events).toEqual(subscribedEventTypes('platform'));
    expect(connect.params.enabled_events).toEqual(subscribedEventTypes('connect'));
    // Orders are paid on the sellers' accounts, plans on ours: the completed session comes to both.
    expect(connect.params.enabled_events).toEqual(
      expect.arrayContaining(['checkout.session.completed', 'charge.refunded', 'account.updated']),
    );
    expect(platform.params.enabled_events).toContain('checkout.session.completed');
    expect(platform.params).toMatchObject({ url: URL_, connect: false, api_version: Stripe.API_VERSION });
    expect(connect.params).toMatchObject({ url: URL_, connect: true, api_version: Stripe.API_VERSION });
    expect(platform.params.metadata[SETUP_MARK]).not.toBe(connect.params.metadata[SETUP_MARK]);
  });

  it('follows the table: a new handler is subscribed, and a kind with no events gets no endpoint', () => {
    const withNew = wantedEndpoints(URL_, [
      ...SUBSCRIBED_EVENTS,
      { type: 'charge.refunded', from: 'platform' },
    ]);
    expect(withNew[0]?.params.enabled_events).toContain('charge.refunded');
    const platformOnly = wantedEndpoints(URL_, [{ type: 'invoice.paid', from: 'platform' }]);
    expect(platformOnly.map((wanted) => wanted.role)).toEqual(['platform']);
  });

  it('names the platform secret as the CDK app does by default', () => {
    expect(SECRET_NAMES.platform).toBe(SETTING_DEFAULTS.stripeWebhookSecret);
    expect(SECRET_NAMES.connect).toBe('shutterlane/stripe-connect-webhook-secret');
  });
});

describe('reviewEndpoint', () => {
  it('creates an endpoint when none at the URL carries its mark', () => {
    const unmarked = existingFrom(platform, { metadata: {} });
    const otherUrl = existingFrom(platform, { url: 'https://old.test/api/webhooks/stripe' });
    expect(reviewEndpoint(platform, [unmarked, otherUrl]).plan.action).toBe('create');
    // The Connect endpoint at the URL is not the platform one.
    expect(reviewEndpoint(platform, [existingFrom(connect)]).plan.action).toBe('create');
  });

  it('leaves an endpoint that already is what is wanted, events in any order', () => {
    const same = existingFrom(platform, { enabled_events: [...platform.params.enabled_events].reverse() });
    expect(reviewEndpoint(platform, [same])).toEqual({
      plan: { action: 'unchanged', wanted: platform, existing: same },
      problems: [],
    });
  });

  it('updates only what differs: missing events, the description, a disabled status', () => {
    const drifted = existingFrom(platform, {
      enabled_events: ['checkout.session.completed'],
      status: 'disabled',
    });
    const { plan } = reviewEndpoint(platform, [drifted]);
    expect(plan).toMatchObject({
      action: 'update',
      changes: { enabled_events: platform.params.enabled_events, disabled: false },
    });
    const renamed = reviewEndpoint(platform, [existingFrom(platform, { description: 'by hand' })]).plan;
    expect(renamed).toMatchObject({
      action: 'update',
      changes: { description: platform.params.description },
    });
  });

  it('reports an endpoint pinned to another API version as a problem it cannot fix', () => {
    const old = existingFrom(platform, { api_version: '2024-06-20' });
    const review = reviewEndpoint(platform, [old]);
    expect(review.plan.action).toBe('unchanged');
    expect(review.problems).toEqual([
      expect.stringContaining('we_platform renders events in API version 2024-06-20'),
    ]);
  });
});

describe('strayEndpointNotes', () => {
  it('names other endpoints at the URL and ones this command made for another URL', () => {
    const handMade = existingFrom(platform, { id: 'we_hand', metadata: {} });
    const oldSite = existingFrom(platform, { id: 'we_old', url: 'https://old.test/api/webhooks/stripe' });
    const unrelated = existingFrom(platform, {
      id: 'we_other_app',
      url: 'https://other.test/hook',
      metadata: {},
    });
    const kept = [existingFrom(platform), existingFrom(connect)];
    const notes = strayEndpointNotes(
      URL_,
      [...kept, handMade, oldSite, unrelated],
      ['we_platform', 'we_connect'],
    );
    expect(notes).toEqual([expect.stringContaining('we_hand'), expect.stringContaining('we_old')]);
  });
});
