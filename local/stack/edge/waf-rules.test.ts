/**
 * The local edge's rules: read from the edge stack's synthesized web ACL (CloudFormation's shape) with
 * its IP set, the webhook path open to Stripe's addresses only, which paths each rate rule counts, the
 * sliding window per client address, priority order, and refusal of what it cannot evaluate.
 */
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { EDGE_RULES } from '../../../infra/constructs/edge-rules';
import { EdgeStack } from '../../../infra/stacks/edge-stack';
import { RATE_LIMIT_DEFAULTS, readSettings } from '../../../infra/stacks/settings';
import { STRIPE_WEBHOOK_IPS } from '../../../shared/platform/stripe-webhook-ips';
import {
  RateCounter,
  RateLimiter,
  UnsupportedRuleError,
  urlDecode,
  webAclRules,
  type WebAclRules,
} from './waf-rules';

type Json = Record<string, unknown>;

type Resources = Record<string, { Type: string; Properties: Json }>;

/** The web ACL's rules, with the addresses of the IP sets it references (their ARNs are GetAtts here). */
function edgeRules(context: Record<string, string> = {}): WebAclRules {
  const app = new App({
    context: { siteDomain: 'shutterlane.com', mailFrom: 'Shutterlane <orders@shutterlane.com>', ...context },
  });
  const stack = new EdgeStack(app, 'Edge', { settings: readSettings(app.node) });
  const resources = Object.entries(Template.fromStack(stack).toJSON().Resources as Resources);
  const ofType = (type: string) => resources.filter(([, resource]) => resource.Type === type);
  const ipSets = new Map(
    ofType('AWS::WAFv2::IPSet').map(([id, ipSet]) => [
      JSON.stringify({ 'Fn::GetAtt': [id, 'Arn'] }),
      ipSet.Properties.Addresses as string[],
    ]),
  );
  return webAclRules(ofType('AWS::WAFv2::WebACL')[0]![1].Properties, (arn) =>
    ipSets.get(JSON.stringify(arn))!,
  );
}

let rules: WebAclRules;
const rule = (name: string) => rules.rateRules.find((candidate) => candidate.name === name)!;

// Synthesis of the edge stack takes seconds on a busy machine.
beforeAll(() => {
  rules = edgeRules();
}, 60_000);

describe("Stripe's webhook path", () => {
  const stripe = STRIPE_WEBHOOK_IPS[0]!;

  it('answers Stripe’s addresses only, however the path is spelled', () => {
    const limiter = new RateLimiter(rules.rateRules, rules.blockRules);
    for (const path of ['/api/webhooks/stripe', '/api/webhooks/stripe/', '/api/%77ebhooks/STRIPE'])
      expect(limiter.check('203.0.113.7', path)?.name, path).toBe(EDGE_RULES.webhookSources);
    for (const address of STRIPE_WEBHOOK_IPS)
      expect(limiter.check(address, '/api/webhooks/stripe'), address).toBeUndefined();
    // Every other path is the rate rules' business, whoever calls it.
    expect(limiter.check('203.0.113.7', '/api/public/orders/x')).toBeUndefined();
    expect(limiter.check(stripe, '/api/galleries')).toBeUndefined();
  });

  it('adds only the addresses a deployment names (the local stack: the emulator’s)', () => {
    expect(rules.blockRules.map((r) => r.name)).toEqual([EDGE_RULES.webhookSources]);
    const local = new RateLimiter([], edgeRules({ stripeWebhookExtraSources: '127.0.0.1' }).blockRules);
    expect(local.check('127.0.0.1', '/api/webhooks/stripe')).toBeUndefined();
    expect(local.check('127.0.0.2', '/api/webhooks/stripe')?.name).toBe(EDGE_RULES.webhookSources);
    expect(local.check('::1', '/api/webhooks/stripe')?.name).toBe(EDGE_RULES.webhookSources);
    // IPv6 addresses go to an IP set of their own (one version per set), referenced by the same rule.
    const both = new RateLimiter(
      [],
      edgeRules({ stripeWebhookExtraSources: '127.0.0.1, ::1/128' }).blockRules,
    );
    expect(both.check('::1', '/api/webhooks/stripe')).toBeUndefined();
    expect(both.check('::2', '/api/webhooks/stripe')?.name).toBe(EDGE_RULES.webhookSources);
    expect(both.check(stripe, '/api/webhooks/stripe')).toBeUndefined();
    for (const wrong of ['127.0.0.1/33', 'localhost', '::1/129', '10.0.0.0/0'])
      expect(() => edgeRules({ stripeWebhookExtraSources: wrong }), wrong).toThrow(/IPv4 or IPv6/);
  });
});

describe('rate rules from the template', () => {
  it('reads the five rate rules with the production limits, and lists the managed rules it cannot run', () => {
    expect(rules.rateRules.map((r) => [r.name, r.limit, r.windowSeconds])).toEqual([
      [EDGE_RULES.accounts, RATE_LIMIT_DEFAULTS.accounts, 300],
      [EDGE_RULES.orders, RATE_LIMIT_DEFAULTS.orders, 300],
      [EDGE_RULES.galleries, RATE_LIMIT_DEFAULTS.galleries, 300],
      [EDGE_RULES.previews, RATE_LIMIT_DEFAULTS.previews, 300],
      [EDGE_RULES.general, RATE_LIMIT_DEFAULTS.general, 300],
    ]);
    expect(rules.notApplied).toEqual([EDGE_RULES.common]);
  });

  it('reads limits given as settings', () => {
    const custom = edgeRules({ rateLimitOrders: '12' });
    expect(custom.rateRules.find((r) => r.name === EDGE_RULES.orders)!.limit).toBe(12);
  });

  it.each([
    ['/api/public/orders/abc', true],
    ['/api/public/orders/abc/photos', true],
    ['/api/%70ublic/orders/abc', true],
    ['/api/orders/abc/validate-checkout', true],
    ['/api/orders/abc/complete-checkout', true],
    ['/api/orders', false],
    ['/api/orders/abc', false],
    ['/api/galleries', false],
    ['/orders/abc', false],
    ['/api/public/galleries/abc', false],
    ['/api/public/galleries/abc/photos', false],
  ])('order calls rule: %s → %s', (path, counted) => {
    expect(rule(EDGE_RULES.orders).matches(path)).toBe(counted);
  });

  it.each([
    ['/api/public/users', true],
    ['/api/public/request-password-reset', true],
    ['/api/public/confirm-password-reset', true],
    ['/api/public/verify-email', true],
    ['/api/public/resend-verification', true],
    ['/api/public/set-password', true],
    ['/api/public/orders/abc', false],
    ['/api/users', false],
  ])('account calls rule: %s → %s', (path, counted) => {
    expect(rule(EDGE_RULES.accounts).matches(path)).toBe(counted);
  });

  it.each([
    ['/api/public/galleries/abc', true],
    ['/api/public/galleries/abc/photos', true],
    ['/api/public/galleries/abc/search', true],
    ['/api/public/galleries/abc/orders', true],
    ['/api/public/orders/abc', false],
    ['/previews/abc/open/s/p/grid.webp', false],
  ])('gallery calls rule: %s → %s', (path, counted) => {
    expect(rule(EDGE_RULES.galleries).matches(path)).toBe(counted);
  });

  it("general rule: counts everything but Stripe's webhook and what CloudFront serves from its cache", () => {
    const general = rule(EDGE_RULES.general);
    for (const path of [
      '/',
      '/index.html',
      '/g/abc',
      '/api/galleries',
      '/api/public/orders/x',
      '/api/previews/x',
    ])
      expect(general.matches(path), path).toBe(true);
    for (const path of ['/api/webhooks/stripe', '/previews/abc/open/s/p/grid.webp', '/assets/index-abc.js'])
      expect(general.matches(path), path).toBe(false);
    expect(rule(EDGE_RULES.previews).matches('/previews/abc/open/s/p/grid.webp')).toBe(true);
  });
});

describe('counting', () => {
  it('blocks an address past the limit within the window, and lets it in again once the window moves on', () => {
    const limiter = new RateLimiter(rules.rateRules);
    const limit = RATE_LIMIT_DEFAULTS.orders;
    const start = 1_000_000_000;
    for (let i = 0; i < limit; i += 1)
      expect(limiter.check('203.0.113.9', '/api/public/orders/x', start + i), String(i)).toBeUndefined();
    expect(limiter.check('203.0.113.9', '/api/public/orders/x', start + limit)?.name).toBe(EDGE_RULES.orders);
    // Another address, and another scope for the same address, are counted apart.
    expect(limiter.check('203.0.113.10', '/api/public/orders/x', start + limit)).toBeUndefined();
    expect(limiter.check('203.0.113.9', '/api/galleries', start + limit)).toBeUndefined();
    expect(limiter.check('203.0.113.9', '/api/public/orders/x', start + 301_000)).toBeUndefined();
  });

  it('stops at the first rule that blocks, in priority order', () => {
    const limiter = new RateLimiter(rules.rateRules);
    let blocked;
    for (let i = 0; i <= RATE_LIMIT_DEFAULTS.accounts; i += 1)
      blocked = limiter.check('198.51.100.1', '/api/public/users', 5_000 + i);
    expect(blocked?.name).toBe(EDGE_RULES.accounts);
  });

  it('keeps a sliding window of one-second slots', () => {
    const counter = new RateCounter(60);
    expect(counter.hit('a', 0)).toBe(1);
    expect(counter.hit('a', 500)).toBe(2);
    expect(counter.hit('a', 59_999)).toBe(3);
    expect(counter.hit('a', 60_000)).toBe(2);
    expect(counter.hit('b', 60_000)).toBe(1);
  });
});

describe('what cannot run locally', () => {
  const withRule = (statement: Json, extra: Json = {}): Json => ({
    DefaultAction: { Allow: {} },
    Rules: [{ Name: 'R', Priority: 0, Action: { Block: {} }, Statement: statement, ...extra }],
  });
  const rate = (scope: Json) => ({
    RateBasedStatement: { Limit: 10, AggregateKeyType: 'IP', ScopeDownStatement: scope },
  });

  it.each([
    ['a geographic match', rate({ GeoMatchStatement: { CountryCodes: ['GB'] } })],
    [
      'a header match',
      rate({
        ByteMatchStatement: {
          SearchString: 'x',
          FieldToMatch: { SingleHeader: { Name: 'host' } },
          PositionalConstraint: 'EXACTLY',
          TextTransformations: [{ Priority: 0, Type: 'NONE' }],
        },
      }),
    ],
    [
      'a rate rule keyed on a header',
      { RateBasedStatement: { Limit: 10, AggregateKeyType: 'FORWARDED_IP' } },
    ],
    ['a regex pattern set', { RegexPatternSetReferenceStatement: { Arn: 'x' } }],
    ['an IP set without its addresses', { IPSetReferenceStatement: { Arn: 'x' } }],
    [
      'an IP set matched on a forwarded header',
      { IPSetReferenceStatement: { Arn: 'x', IPSetForwardedIPConfig: { HeaderName: 'X-Forwarded-For' } } },
    ],
    ['a rate rule scoped by an IP set', rate({ IPSetReferenceStatement: { Arn: 'x' } })],
  ])('refuses %s rather than skip it', (_, statement) => {
    expect(() => webAclRules(withRule(statement))).toThrow(UnsupportedRuleError);
  });

  it('decodes percent-encoding as WAF does, keeping invalid sequences', () => {
    expect(urlDecode('/api/%70ublic/%zz/%E2%82%AC')).toBe('/api/public/%zz/€');
  });
});
