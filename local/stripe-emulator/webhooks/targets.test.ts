import { describe, expect, it } from 'vitest';
import type { StoredWebhookEndpoint, WebhookEndpoint } from '../objects/types';
import { deliveryTargets, type Forwarding } from './targets';

const endpoint = (
  id: string,
  enabledEvents: string[],
  options: { connect?: boolean; status?: WebhookEndpoint['status'] } = {},
): StoredWebhookEndpoint => ({
  endpoint: {
    id,
    object: 'webhook_endpoint',
    api_version: null,
    application: null,
    created: 0,
    description: null,
    enabled_events: enabledEvents,
    livemode: false,
    metadata: {},
    status: options.status ?? 'enabled',
    url: `https://app.test/${id}`,
  },
  secret: `whsec_${id}`,
  connect: options.connect ?? false,
});

const platform = endpoint('we_platform', ['invoice.paid', 'checkout.session.completed']);
const connect = endpoint('we_connect', ['account.updated'], { connect: true });
const everything = endpoint('we_all', ['*']);
const disabled = endpoint('we_off', ['*'], { status: 'disabled' });
const endpoints = [platform, connect, everything, disabled];
const ids = (event: { type: string; account?: string }) =>
  deliveryTargets(endpoints, undefined, event).map((target) => target.endpoint);

describe('deliveryTargets', () => {
  it('sends a platform event to the enabled platform endpoints subscribed to it or to *', () => {
    expect(ids({ type: 'invoice.paid' })).toEqual(['we_platform', 'we_all']);
    expect(ids({ type: 'customer.created' })).toEqual(['we_all']);
  });

  it('sends a connected account’s event to Connect endpoints only', () => {
    expect(ids({ type: 'account.updated', account: 'acct_1' })).toEqual(['we_connect']);
    expect(ids({ type: 'invoice.paid', account: 'acct_1' })).toEqual([]);
    expect(ids({ type: 'account.updated' })).toEqual(['we_all']);
  });

  it('signs each delivery with its own endpoint’s secret', () => {
    const targets = deliveryTargets(endpoints, undefined, { type: 'invoice.paid' });
    expect(targets.map((target) => target.secret)).toEqual(['whsec_we_platform', 'whsec_we_all']);
  });

  it('also forwards every event to the forwarding URL, Connect events signed with the Connect secret', () => {
    const forwarding: Forwarding = {
      url: 'http://localhost/f',
      secret: 'whsec_f',
      connectSecret: 'whsec_fc',
    };
    expect(deliveryTargets([], forwarding, { type: 'customer.created' })).toEqual([
      { url: 'http://localhost/f', secret: 'whsec_f', endpoint: null },
    ]);
    expect(deliveryTargets([connect], forwarding, { type: 'account.updated', account: 'acct_1' })).toEqual([
      { url: 'http://localhost/f', secret: 'whsec_fc', endpoint: null },
      { url: 'https://app.test/we_connect', secret: 'whsec_we_connect', endpoint: 'we_connect' },
    ]);
  });
});
