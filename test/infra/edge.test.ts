/**
 * The edge: the us-east-1 web ACL with its rate rules, limits and the common rule set; its
 * association with the distribution through the webAclArn setting; the origin-verify header on the API
 * origin from the API stack's secret; per-route throttles by class from the settings, with the webhook's
 * own budget; the webhook's reserved concurrency.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, routeKey } from '#shared/contract/route-paths';
import { routes, type RouteDef } from '#shared/contract/routes';
import { BODY_SIZE_RULE, EDGE_RULES, STRIPE_WEBHOOK_PATH } from '../../infra/constructs/edge-rules';
import { routeThrottleOf } from '../../infra/stacks/api-stack';
import { EDGE_REGION } from '../../infra/stacks/edge-stack';
import {
  ROUTE_THROTTLE_DEFAULTS,
  throttleSettings,
  type RouteThrottle,
  type RouteThrottles,
  type ThrottleClass,
} from '../../infra/stacks/route-throttles';
import {
  RATE_LIMIT_DEFAULTS,
  RATE_WINDOW_SECONDS,
  RESERVED_CONCURRENCY_PRODUCTION,
  reservedConcurrencySettings,
} from '../../infra/stacks/settings';
import { defineShutterlaneApp, type ShutterlaneStacks } from '../../infra/stacks/shutterlane';
import { webAclRules } from '@shutterlane/local-stack/edge/waf-rules';
import { STRIPE_WEBHOOK_IPS } from '#shared/platform/stripe-webhook-ips';
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
let ipSet: Json;
let distribution: Json;

beforeAll(() => {
  stacks = synthesize({ context: { webAclArn: WEB_ACL_ARN } });
  acl = only(templateOf(stacks.edge), 'AWS::WAFv2::WebACL');
  ipSet = only(templateOf(stacks.edge), 'AWS::WAFv2::IPSet');
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
      [EDGE_RULES.galleries, RATE_LIMIT_DEFAULTS.galleries],
      [EDGE_RULES.previews, RATE_LIMIT_DEFAULTS.previews],
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
    // A crowd behind one address (docs/deploy.md): 500 visits in five minutes, each ~200 previews and ~8 gallery calls.
    expect(RATE_LIMIT_DEFAULTS.previews).toBeGreaterThanOrEqual(500 * 200);
    expect(RATE_LIMIT_DEFAULTS.galleries).toBeGreaterThanOrEqual(500 * 8);
  });

  it('scopes the tight rules to the order and account routes, and the crowd’s to a gallery’s calls and previews', () => {
    // Evaluated as the local edge evaluates them (local/stack/edge/waf-rules.ts), so both read the same rules.
    const rules = webAclRules(acl, () => ipSet.Addresses as string[]);
    const scoped = (name: string) => rules.rateRules.find((rule) => rule.name === name)!;
    const path = (route: RouteDef) =>
      `${API_BASE}${route.path.replace(/\{\w+\}/g, 'Q2x8xHn0b2Vj7kq1Yw3ZtA')}`;
    for (const route of Object.values(routes) as RouteDef[]) {
      const throttle = routeThrottleOf(route);
      const gallery = route.path.startsWith('/public/galleries/');
      expect(scoped(EDGE_RULES.orders).matches(path(route)), routeKey(route)).toBe(
        !gallery && (throttle === 'orders' || throttle === 'accounts' || route.path.startsWith('/public/')),
      );
      expect(scoped(EDGE_RULES.accounts).matches(path(route)), routeKey(route)).toBe(throttle === 'accounts');
      expect(scoped(EDGE_RULES.galleries).matches(path(route)), routeKey(route)).toBe(gallery);
      expect(scoped(EDGE_RULES.general).matches(path(route)), routeKey(route)).toBe(
        route.caller !== 'stripe',
      );
    }
    // What CloudFront serves from its cache counts only under its own rule, not the general one.
    const preview = '/previews/Q2x8xHn0b2Vj7kq1Yw3ZtA/open/ssssssssssssssssssssss/Q2x8xHn0b2Vj/grid.webp';
    expect(scoped(EDGE_RULES.previews).matches(preview)).toBe(true);
    expect(scoped(EDGE_RULES.general).matches(preview)).toBe(false);
    expect(scoped(EDGE_RULES.general).matches('/assets/index-abc123.js')).toBe(false);
    expect(scoped(EDGE_RULES.general).matches('/g/Q2x8xHn0b2Vj7kq1Yw3ZtA')).toBe(true);
    expect(scoped(EDGE_RULES.previews).matches(`${API_BASE}/previews/x`)).toBe(false);
  });

  it("opens Stripe's webhook path to Stripe's published addresses only, before any other rule", () => {
    expect(ipSet).toMatchObject({ Scope: 'CLOUDFRONT', IPAddressVersion: 'IPV4' });
    expect(ipSet.Addresses).toEqual(STRIPE_WEBHOOK_IPS.map((address) => `${address}/32`));
    const rule = ruleNamed(acl, EDGE_RULES.webhookSources);
    expect(rule).toMatchObject({ Priority: 0, Action: { Block: {} } });
    const [path, notStripe] = ((rule.Statement as Json).AndStatement as Json).Statements as Json[];
    expect(JSON.stringify(path)).toContain(STRIPE_WEBHOOK_PATH);
    expect(notStripe).toEqual({
      NotStatement: {
        Statement: { IPSetReferenceStatement: { Arn: { 'Fn::GetAtt': [expect.any(String), 'Arn'] } } },
      },
    });
    const priorities = (acl.Rules as Json[]).map((candidate) => candidate.Priority);
    expect(new Set(priorities).size).toBe(priorities.length);
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
      const outdir = mkdtempSync(join(tmpdir(), 'shutterlane-edge-nag-'));
      const app = new App({
        outdir,
        context: { ...REQUIRED_CONTEXT, webAclArn: WEB_ACL_ARN, 'aws:cdk:bundling-stacks': [] },
      });
      defineShutterlaneApp(app, {
        entry: placeholderEntries(REQUIRED_FUNCTIONS),
        webDist: join(tmpdir(), 'shutterlane-no-web-dist'),
      });
      try {
        expect(() => app.synth()).not.toThrow();
      } finally {
        rmSync(outdir, { recursive: true, force: true });
      }
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

  it(
    'reaches the API at its own domain with the execute-api endpoint off when the settings name one',
    () => {
      const api = (context: Record<string, string>) => {
        const synthesized = synthesize({ context });
        const httpApi = only(templateOf(synthesized.api), 'AWS::ApiGatewayV2::Api');
        const origins = (
          only(templateOf(synthesized.site), 'AWS::CloudFront::Distribution').DistributionConfig as Json
        ).Origins as Json[];
        const apiOrigins = origins.filter((origin) => origin.OriginCustomHeaders !== undefined);
        return {
          synthesized,
          httpApi,
          domains: apiOrigins.map((origin) => JSON.stringify(origin.DomainName)),
        };
      };
      expect(api({}).httpApi.DisableExecuteApiEndpoint).toBe(false);
      const certificateArn = 'arn:aws:acm:eu-west-2:123456789012:certificate/0a1b2c3d-4e5f';
      const own = api({
        apiOriginDomain: 'k3x9q2.origin.shutterlane.com',
        apiOriginCertificateArn: certificateArn,
      });
      expect(own.httpApi.DisableExecuteApiEndpoint).toBe(true);
      expect(own.domains).toEqual(['"k3x9q2.origin.shutterlane.com"', '"k3x9q2.origin.shutterlane.com"']);
      const template = templateOf(own.synthesized.api);
      expect(only(template, 'AWS::ApiGatewayV2::DomainName')).toMatchObject({
        DomainName: 'k3x9q2.origin.shutterlane.com',
        DomainNameConfigurations: [{ CertificateArn: certificateArn, EndpointType: 'REGIONAL' }],
      });
      // Mapped under the stage's name, so CloudFront's `/api/*` paths route as through execute-api.
      expect(only(template, 'AWS::ApiGatewayV2::ApiMapping').ApiMappingKey).toBe('api');
      expect(() => synthesize({ context: { apiOriginDomain: 'k3x9q2.origin.shutterlane.com' } })).toThrow(
        /apiOriginCertificateArn/,
      );
    },
    SYNTH_TIMEOUT_MS * 2,
  );
});

describe('API throttles and concurrency', () => {
  let stage: Json;
  beforeAll(() => {
    stage = only(templateOf(stacks.api), 'AWS::ApiGatewayV2::Stage');
  });

  /** What the stage says of a route: its own settings, or none (the stage's default applies). */
  const routeSettingsOf = (of: Json, route: RouteDef) =>
    (of.RouteSettings as Record<string, Json>)[routeKey(route)];
  const asSettings = ({ rateLimit, burstLimit }: RouteThrottle) => ({
    ThrottlingRateLimit: rateLimit,
    ThrottlingBurstLimit: burstLimit,
  });

  it("gives every route its class's production budget: the stage's default, or its own settings", () => {
    expect(stage.DefaultRouteSettings).toEqual(asSettings(ROUTE_THROTTLE_DEFAULTS.default));
    for (const route of Object.values(routes) as RouteDef[]) {
      const throttle = routeThrottleOf(route);
      expect(routeSettingsOf(stage, route), routeKey(route)).toEqual(
        throttle === 'default' ? undefined : asSettings(ROUTE_THROTTLE_DEFAULTS[throttle]),
      );
    }
    expect(ROUTE_THROTTLE_DEFAULTS.accounts.rateLimit).toBeLessThan(ROUTE_THROTTLE_DEFAULTS.orders.rateLimit);
  });

  it.each([
    ['orders', [routes.publicOrder, routes.fulfilledOrder, routes.validateCheckout, routes.completeCheckout]],
    ['accounts', [routes.signUp, routes.requestPasswordReset, routes.setPassword]],
    [
      'publicGalleries',
      [
        routes.publicGallery,
        routes.publicGallerySearch,
        routes.publicGalleryOrder,
        routes.publicGalleryPreview,
      ],
    ],
    ['stripeWebhook', [routes.stripeWebhook]],
    ['default', [routes.listGalleries, routes.publishGallery, routes.contentQuery, routes.sellerLogo]],
  ] as [ThrottleClass, RouteDef[]][])('puts the %s class on its routes', (throttle, classRoutes) => {
    for (const route of classRoutes) expect(routeThrottleOf(route), routeKey(route)).toBe(throttle);
  });

  it("gives every customer route of the public galleries' group the crowd's budget, apart from the orders'", () => {
    const galleryRoutes = (Object.values(routes) as RouteDef[]).filter(
      (route) => route.group === 'public-galleries' && route.caller === 'public',
    );
    expect(galleryRoutes.length).toBeGreaterThanOrEqual(4);
    for (const route of galleryRoutes)
      expect(routeSettingsOf(stage, route), routeKey(route)).toEqual(
        asSettings(ROUTE_THROTTLE_DEFAULTS.publicGalleries),
      );
    expect(ROUTE_THROTTLE_DEFAULTS.publicGalleries).toEqual({ rateLimit: 200, burstLimit: 400 });
  });

  it(
    "takes each class's budget from the settings, and refuses one API Gateway would not take",
    () => {
      const custom: RouteThrottles = {
        default: { rateLimit: 10, burstLimit: 20 },
        orders: { rateLimit: 1.5, burstLimit: 3 },
        publicGalleries: { rateLimit: 300, burstLimit: 600 },
        accounts: { rateLimit: 0, burstLimit: 0 },
        stripeWebhook: { rateLimit: 40, burstLimit: 80 },
      };
      const customStage = only(
        templateOf(synthesize({ context: throttleSettings(custom) }).api),
        'AWS::ApiGatewayV2::Stage',
      );
      expect(customStage.DefaultRouteSettings).toEqual(asSettings(custom.default));
      for (const route of Object.values(routes) as RouteDef[]) {
        const throttle = routeThrottleOf(route);
        if (throttle !== 'default')
          expect(routeSettingsOf(customStage, route), routeKey(route)).toEqual(asSettings(custom[throttle]));
      }
      expect(() => synthesize({ context: { throttleOrdersBurst: '2.5' } })).toThrow(/throttleOrdersBurst/);
      expect(() => synthesize({ context: { throttlePublicGalleriesRate: '-1' } })).toThrow(
        /throttlePublicGalleriesRate/,
      );
      expect(() => synthesize({ context: { throttleDefaultRate: 'many' } })).toThrow(/throttleDefaultRate/);
    },
    SYNTH_TIMEOUT_MS,
  );

  it("keeps Stripe's webhook on a budget of its own, created after the route it names", () => {
    const key = routeKey(routes.stripeWebhook);
    expect((stage.RouteSettings as Record<string, Json>)[key]).toEqual(
      asSettings(ROUTE_THROTTLE_DEFAULTS.stripeWebhook),
    );
    const resources = templateOf(stacks.api).toJSON().Resources as Record<string, Json>;
    const [stageId] = Object.keys(resourcesOf(templateOf(stacks.api), 'AWS::ApiGatewayV2::Stage'));
    const [routeId] = Object.entries(resourcesOf(templateOf(stacks.api), 'AWS::ApiGatewayV2::Route')).find(
      ([, route]) => route.Properties?.RouteKey === key,
    )!;
    expect(resources[stageId!]!.DependsOn).toContain(routeId);
  });

  it('reserves concurrency for the webhook function only among the API functions, and only when set', () => {
    const production = synthesize({
      context: reservedConcurrencySettings(RESERVED_CONCURRENCY_PRODUCTION),
    });
    for (const [built, expected] of [
      [stacks, undefined],
      [production, RESERVED_CONCURRENCY_PRODUCTION.stripeWebhook],
    ] as const) {
      const api = templateOf(built.api);
      for (const [group, fn] of Object.entries(built.api.functions)) {
        const id = built.api.getLogicalId(fn.handler.node.defaultChild as CfnFunction);
        const props = (api.toJSON().Resources as Record<string, Json>)[id]!.Properties as Json;
        expect(props.ReservedConcurrentExecutions, group).toBe(
          group === 'stripe-webhook' ? expected : undefined,
        );
      }
    }
  });
});
