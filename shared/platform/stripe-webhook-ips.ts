/**
 * The addresses Stripe sends webhook deliveries from: the edge's web ACL lets only these reach the
 * webhook path (infra/constructs/edge-rules.ts), and the local edge reads the same list from the
 * synthesized IP set. Kept in the code so a deploy never depends on fetching it.
 *
 * Source: Stripe's published list, https://stripe.com/files/ips/ips_webhooks.json (also .txt), linked
 * from "Domains and IP addresses" (https://docs.stripe.com/ips#webhook-notifications). Stripe announces
 * changes seven days ahead on its api-announce mailing list
 * (https://groups.google.com/a/lists.stripe.com/g/api-announce): subscribe the operator's address.
 *
 * CHECK BEFORE EACH DEPLOY, AND REFRESH ON EVERY ANNOUNCEMENT (docs/deploy.md, "Stripe's webhook
 * addresses"): `curl -s https://stripe.com/files/ips/ips_webhooks.json`, put its `WEBHOOKS` entries here
 * (sorted), run `npm run test:infra`, deploy the edge stack. An address missing here makes Stripe's
 * deliveries from it answer 403: Stripe retries for three days, and the Connect and platform endpoints
 * show the failures in the Dashboard.
 *
 * This copy could not be fetched from Stripe when it was written (no internet on the machine): it is
 * the 15-address list as third-party mirrors of ips_webhooks.txt recorded it on 2026-05-15. Compare it
 * with Stripe's file before the first deploy.
 */

/** When the list below was last compared with Stripe's file, and what it was compared with. */
export const STRIPE_WEBHOOK_IPS_CHECKED = {
  date: '2026-05-15',
  against: 'third-party mirrors of https://stripe.com/files/ips/ips_webhooks.txt (not Stripe directly)',
} as const;

export const STRIPE_WEBHOOK_IPS_URL = 'https://stripe.com/files/ips/ips_webhooks.json';

/** Stripe's webhook source addresses (IPv4; Stripe publishes no IPv6 webhook addresses). */
export const STRIPE_WEBHOOK_IPS: readonly string[] = [
  '3.18.12.63',
  '3.69.109.8',
  '3.120.168.93',
  '3.130.192.231',
  '13.235.14.237',
  '13.235.122.149',
  '18.211.135.69',
  '35.154.171.200',
  '35.157.207.129',
  '52.15.183.38',
  '54.88.130.119',
  '54.88.130.237',
  '54.187.174.169',
  '54.187.205.235',
  '54.187.216.72',
];

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** An IPv4 address or CIDR block, as WAF's IP sets take them (`a.b.c.d/n`): a typo fails synthesis. */
function ipv4Cidr(entry: string): string {
  const [address = '', prefix = '32', ...rest] = entry.trim().split('/');
  const bits = Number(prefix);
  if (!IPV4.test(address) || rest.length > 0 || !/^\d{1,2}$/.test(prefix) || bits > 32)
    throw new Error(`Not an IPv4 address or CIDR block: "${entry}"`);
  return `${address}/${bits}`;
}

/** Stripe's addresses as the IPv4 IP set takes them. */
export const stripeWebhookCidrs = (): string[] => STRIPE_WEBHOOK_IPS.map(ipv4Cidr);
