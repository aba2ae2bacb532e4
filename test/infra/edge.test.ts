/**
 * The edge (issue 13): the us-east-1 web ACL with its rate rules, limits and the common rule set; its
 * association with the distribution through the webAclArn setting; the origin-verify header on the API
 * origin from the API stack's secret; per-route throttles with the webhook's own budget; the webhook's
 * reserved concurrency.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, routeKey } from '#shared/route-paths';
import { routes, type RouteDef } from '#shared/routes';
import { BODY_SIZE_RULE, EDGE_RULES, STRIPE_WEBHOOK_PATH } from '../../infra/constructs/edge-rules';
import {
  ROUTE_THROTTLES,
  routeThrottleOf,
  STRIPE_WEBHOOK_RESERVED_CONCURRENCY,
} from '../../infra/stacks/api-stack';
import { EDGE_REGION } from '../../infra/stacks/edge-stack';
import { RATE_LIMIT_DEFAULTS, RATE_WINDOW_SECONDS } from '../../infra/stacks/settings';
import { defineShutterlaneApp, type ShutterlaneStacks } from '../../infra/stacks/shutterlane';
import { webAclRules } from '../../local/edge/waf-rules';
import {
  placeholderEntries,
  REQUIRED_CONTEXT,
  REQUIRED_FUNCTIONS,
  resourcesOf,
  synthesize,
  SYNTH_TIMEOUT_MS,
  templateOf,
} from './fixture';

type Json = Record<string, unknown>;
const WEB_ACL_ARN = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/shutterlane/0a1b2c3d-4e5f';

const only = (template: Template, type: string): Json => {
  const found = Object.values(resourcesOf(template, type));
  expect(found, type).toHaveLength(1);
  return found[0]!.Properties!;
};
const ruleNamed = (acl: Json, name: string): Json =>
  (acl.Rules as Json[]).find((rule) => rule.Name === name)!;

let stacks: ShutterlaneStacks;
let acl: Json;
let distribution: Json;

beforeAll(() => {
  stacks = synthesize({ context: { webAclArn: WEB_ACL_ARN } });
  acl = only(templateOf(stacks.edge), 'AWS::WAFv2::WebACL');
  distribution = only(templateOf(stacks.site), 'AWS::CloudFront::Distribution').DistributionConfig as Json;
}, SYNTH_TIMEOUT_MS);

describe('the web ACL', () => {
  it('is CloudFront-scoped, in us-east-1, allowing what no rule blocks', () => {
    expect(stacks.edge.region).toBe(EDGE_REGION);
    expect(acl.Scope).toBe('CLOUDFRONT');
    expect(acl.DefaultAction).toEqual({ Allow: {} });
    expect(templateOf(stacks.edge).toJSON().Outputs).toHaveProperty('WebAclArn');
  });

  it('has per-IP rate rules with the production limits over five minutes, each blocking', () => {
    for (const [name, limit] of [
      [EDGE_RULES.general, RATE_LIMIT_DEFAULTS.general],
      [EDGE_RULES.orders, RATE_LIMIT_DEFAULTS.orders],
      [EDGE_RULES.accounts, RATE_LIMIT_DEFAULTS.accounts],
    ] as const) {
      const rule = ruleNamed(acl, name);
      expect(rule.Action, name).toEqual({ Block: {} });
      expect((rule.Statement as Json).RateBasedStatement, name).toMatchObject({
        Limit: limit,
        AggregateKeyType: 'IP',
        EvaluationWindowSec: RATE_WINDOW_SECONDS,
      });
    }
    expect(RATE_LIMIT_DEFAULTS.orders).toBeLessThan(RATE_LIMIT_DEFAULTS.general);
    expect(RATE_LIMIT_DEFAULTS.accounts).toBeLessThan(RATE_LIMIT_DEFAULTS.orders);
  });

  it('scopes the tight rules to the order and account routes of the route table', () => {
    // Evaluated as the local edge evaluates them (local/edge/waf-rules.ts), so both read the same rules.
    const rules = webAclRules(acl);
    const scoped = (name: string) => rules.rateRules.find((rule) => rule.name === name)!;
    const path = (route: RouteDef) =>
      `${API_BASE}${route.path.replace(/\{\w+\}/g, 'Q2x8xHn0b2Vj7kq1Yw3ZtA')}`;
    for (const route of Object.values(routes) as RouteDef[]) {
      const throttle = routeThrottleOf(route);
      expect(scoped(EDGE_RULES.orders).matches(path(route)), routeKey(route)).toBe(
        throttle === 'orders' || throttle === 'accounts',
      );
      expect(scoped(EDGE_RULES.accounts).matches(path(route)), routeKey(route)).toBe(throttle === 'accounts');
      expect(scoped(EDGE_RULES.general).matches(path(route)), routeKey(route)).toBe(
        route.caller !== 'stripe',
      );
    }
  });

  it("adds AWS's common rule set, its body size rule only counting, and not on Stripe's webhook", () => {
    const rule = ruleNamed(acl, EDGE_RULES.common);
    expect(rule.OverrideAction).toEqual({ None: {} });
    const group = (rule.Statement as Json).ManagedRuleGroupStatement as Json;
    expect(group).toMatchObject({ VendorName: 'AWS', Name: 'AWSManagedRulesCommonRuleSet' });
    expect(group.RuleActionOverrides).toEqual([{ Name: BODY_SIZE_RULE, ActionToUse: { Count: {} } }]);
    expect(JSON.stringify(group.ScopeDownStatement)).toContain(STRIPE_WEBHOOK_PATH);
    expect(group.ScopeDownStatement).toHaveProperty('NotStatement');
  });

  it(
    'takes its limits from the settings, within WAF bounds',
    () => {
      const custom = synthesize({ context: { rateLimitOrders: '120', rateLimitAccounts: '20' } });
      const customAcl = only(templateOf(custom.edge), 'AWS::WAFv2::WebACL');
      const limit = (name: string) =>
        ((ruleNamed(customAcl, name).Statement as Json).RateBasedStatement as Json).Limit;
      expect([limit(EDGE_RULES.orders), limit(EDGE_RULES.accounts)]).toEqual([120, 20]);
      expect(() => synthesize({ context: { rateLimitOrders: '5' } })).toThrow(/rateLimitOrders/);
      expect(() => synthesize({ context: { rateLimitGeneral: 'many' } })).toThrow(/rateLimitGeneral/);
    },
    SYNTH_TIMEOUT_MS,
  );
});

describe('the distribution', () => {
  it('uses the web ACL the webAclArn setting names', () => {
    expect(distribution.WebACLId).toBe(WEB_ACL_ARN);
  });

  it(
    'has no web ACL without the setting, and refuses an ARN that is not a CloudFront web ACL',
    () => {
      const without = synthesize();
      const config = only(templateOf(without.site), 'AWS::CloudFront::Distribution')
        .DistributionConfig as Json;
      expect(config.WebACLId).toBeUndefined();
      const regional = 'arn:aws:wafv2:eu-west-2:123456789012:regional/webacl/x/0a1b';
      expect(() => synthesize({ context: { webAclArn: regional } })).toThrow(/webAclArn/);
    },
    SYNTH_TIMEOUT_MS,
  );

  it(
    'passes cdk-nag with the web ACL attached: no WAF finding left to acknowledge',
    () => {
      const app = new App({
        outdir: mkdtempSync(join(tmpdir(), 'shutterlane-edge-nag-')),
        context: { ...REQUIRED_CONTEXT, webAclArn: WEB_ACL_ARN, 'aws:cdk:bundling-stacks': [] },
      });
      defineShutterlaneApp(app, {
        entry: placeholderEntries(REQUIRED_FUNCTIONS),
        webDist: join(tmpdir(), 'shutterlane-no-web-dist'),
      });
      expect(() => app.synth()).not.toThrow();
    },
    SYNTH_TIMEOUT_MS,
  );

  it("sends the API stack's origin-verify secret to the API origins only, as a dynamic reference", () => {
    const [secretId] = Object.keys(resourcesOf(templateOf(stacks.api), 'AWS::SecretsManager::Secret'));
    const origins = distribution.Origins as Json[];
    const withHeader = origins.filter((origin) => origin.OriginCustomHeaders !== undefined);
    // The API itself, and the API as the previews' fallback (its stage as the origin path).
    expect(withHeader.map((origin) => origin.OriginPath ?? '').sort()).toEqual(['', '/api']);
    const api = (distribution.CacheBehaviors as Json[]).find((b) => b.PathPattern === '/api/*')!;
    expect(withHeader.map((origin) => origin.Id)).toContain(api.TargetOriginId);
    for (const origin of withHeader) {
      expect(JSON.stringify(origin.DomainName)).toContain('.execute-api.');
      const [header] = origin.OriginCustomHeaders as { HeaderName: string; HeaderValue: unknown }[];
      expect(header!.HeaderName).toBe('x-origin-verify');
      const value = JSON.stringify(header!.HeaderValue);
      expect(value).toContain('{{resolve:secretsmanager:');
      expect(value).toContain(`ExportsOutputRef${secretId}`);
    }
  });
});

describe('API throttles and concurrency', () => {
  let stage: Json;
  beforeAll(() => {
    stage = only(templateOf(stacks.api), 'AWS::ApiGatewayV2::Stage');
  });

  it('gives every route its own budget: the default, or a tighter one for public and account calls', () => {
    expect(stage.DefaultRouteSettings).toEqual({
      ThrottlingRateLimit: ROUTE_THROTTLES.default.rateLimit,
      ThrottlingBurstLimit: ROUTE_THROTTLES.default.burstLimit,
    });
    const settings = stage.RouteSettings as Record<string, Json>;
    for (const route of Object.values(routes) as RouteDef[]) {
      const throttle = routeThrottleOf(route);
      const expected = ROUTE_THROTTLES[throttle];
      if (throttle === 'default') expect(settings[routeKey(route)], routeKey(route)).toBeUndefined();
      else
        expect(settings[routeKey(route)], routeKey(route)).toEqual({
          ThrottlingRateLimit: expected.rateLimit,
          ThrottlingBurstLimit: expected.burstLimit,
        });
    }
    expect(routeThrottleOf(routes.publicOrder)).toBe('orders');
    expect(routeThrottleOf(routes.signUp)).toBe('accounts');
    expect(ROUTE_THROTTLES.accounts.rateLimit).toBeLessThan(ROUTE_THROTTLES.orders.rateLimit);
  });

  it("keeps Stripe's webhook on a budget of its own, created after the route it names", () => {
    const key = routeKey(routes.stripeWebhook);
    expect((stage.RouteSettings as Record<string, Json>)[key]).toEqual({
      ThrottlingRateLimit: ROUTE_THROTTLES.stripeWebhook.rateLimit,
      ThrottlingBurstLimit: ROUTE_THROTTLES.stripeWebhook.burstLimit,
    });
    const resources = templateOf(stacks.api).toJSON().Resources as Record<string, Json>;
    const [stageId] = Object.keys(resourcesOf(templateOf(stacks.api), 'AWS::ApiGatewayV2::Stage'));
    const [routeId] = Object.entries(resourcesOf(templateOf(stacks.api), 'AWS::ApiGatewayV2::Route')).find(
      ([, route]) => route.Properties?.RouteKey === key,
    )!;
    expect(resources[stageId!]!.DependsOn).toContain(routeId);
  });

  it('reserves concurrency for the webhook function only among the API functions', () => {
    const api = templateOf(stacks.api);
    for (const [group, fn] of Object.entries(stacks.api.functions)) {
      const id = stacks.api.getLogicalId(fn.handler.node.defaultChild as CfnFunction);
      const props = (api.toJSON().Resources as Record<string, Json>)[id]!.Properties as Json;
      expect(props.ReservedConcurrentExecutions, group).toBe(
        group === 'stripe-webhook' ? STRIPE_WEBHOOK_RESERVED_CONCURRENCY : undefined,
      );
    }
  });
});
