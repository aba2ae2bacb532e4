/**
 * The web ACL's rules in front of the whole site: Stripe's webhook path open to Stripe's addresses only,
 * per-IP rate-based rules (everything, the customers' order calls, the account calls) and AWS's common
 * rule set. The paths come from the route table, so a
 * new account or order route is limited without anyone remembering to. The local edge (local/edge)
 * evaluates the rules from the synthesized template, so their statements stay within what it
 * understands: byte matches on the URI path, IP set references, AND, OR and NOT.
 */
import type { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { PREVIEWS_ROOT } from '#shared/contract/preview-paths';
import { routes, type RouteDef } from '#shared/contract/routes';
import { API_STAGE_NAME } from '../stacks/api-stack';
import { RATE_WINDOW_SECONDS, type RateLimits } from '../stacks/settings';

type Statement = CfnWebACL.StatementProperty;
type Position = 'EXACTLY' | 'STARTS_WITH' | 'ENDS_WITH';
type Transformation = 'URL_DECODE' | 'LOWERCASE';

/** The rules' names: CloudWatch metrics and WAF's logs name them, the infra tests and local edge find them. */
export const EDGE_RULES = {
  webhookSources: 'StripeWebhookSourcesOnly',
  general: 'RateLimitPerIp',
  orders: 'RateLimitOrderCalls',
  accounts: 'RateLimitAccountCalls',
  galleries: 'RateLimitGalleryCalls',
  previews: 'RateLimitPreviews',
  common: 'AwsCommonRuleSet',
} as const;

/** The SPA's hashed files (Vite's `assets` folder): immutable, served from CloudFront's cache. */
export const SPA_ASSETS_PATH = '/assets/';

/** The managed rule that would refuse legitimate bodies over 8 KB (see commonRuleSet). */
export const BODY_SIZE_RULE = 'SizeRestrictions_BODY';

const apiPath = (path: string): string => `/${API_STAGE_NAME}${path}`;

/** The path as the origin routes it: percent-encoding decoded, so `%70ublic` is `public` here too. */
function pathMatch(
  searchString: string,
  positionalConstraint: Position,
  transformations: readonly Transformation[] = ['URL_DECODE'],
): Statement {
  return {
    byteMatchStatement: {
      searchString,
      fieldToMatch: { uriPath: {} },
      positionalConstraint,
      textTransformations: transformations.map((type, priority) => ({ priority, type })),
    },
  };
}

const or = (statements: Statement[]): Statement =>
  statements.length === 1 ? statements[0]! : { orStatement: { statements } };
const and = (statements: Statement[]): Statement =>
  statements.length === 1 ? statements[0]! : { andStatement: { statements } };

/** A route's path: exactly, or for a template by what comes before its first and after its last parameter. */
function routePath(route: RouteDef): Statement {
  const path = apiPath(route.path);
  const first = path.indexOf('{');
  if (first < 0) return pathMatch(path, 'EXACTLY');
  const suffix = path.slice(path.lastIndexOf('}') + 1);
  const prefix = pathMatch(path.slice(0, first), 'STARTS_WITH');
  return suffix === '' ? prefix : and([prefix, pathMatch(suffix, 'ENDS_WITH')]);
}

const allRoutes = Object.values(routes) as RouteDef[];

/** Stripe's deliveries: signed (the handler's check) and sent from Stripe's shared addresses. */
export const STRIPE_WEBHOOK_PATH = apiPath(routes.stripeWebhook.path);
const notStripeWebhook: Statement = {
  notStatement: { statement: pathMatch(STRIPE_WEBHOOK_PATH, 'EXACTLY') },
};

/** A public gallery's calls (the view, its pages, the search, the pick): one prefix of the route table. */
export const GALLERY_PATH_PREFIX = apiPath('/public/galleries/');
const galleryCalls = (): Statement => pathMatch(GALLERY_PATH_PREFIX, 'STARTS_WITH');
const not = (statement: Statement): Statement => ({ notStatement: { statement } });

/**
 * `/api/public/*` (but a public gallery's calls) and the order checkout calls, which also take an order id
 * anyone could guess at.
 */
export const PUBLIC_PATH_PREFIX = apiPath('/public/');
function orderCalls(): Statement {
  const checkout = allRoutes.filter((route) => route.group === 'checkout' && route.caller === 'public');
  return or([
    and([pathMatch(PUBLIC_PATH_PREFIX, 'STARTS_WITH'), not(galleryCalls())]),
    ...checkout.map(routePath),
  ]);
}

/** What CloudFront serves from its cache: the previews and the SPA's hashed files. */
const previewFiles = (): Statement => pathMatch(PREVIEWS_ROOT, 'STARTS_WITH');
const cachedFiles = (): Statement => or([previewFiles(), pathMatch(SPA_ASSETS_PATH, 'STARTS_WITH')]);

/** Sign-up, password reset, verification and set-password (sign-in is Cognito's own endpoint). */
function accountCalls(): Statement {
  return or(allRoutes.filter((route) => route.group === 'users' && route.caller === 'public').map(routePath));
}

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

function rateRule(name: string, priority: number, limit: number, scope: Statement): CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    action: { block: {} },
    statement: {
      rateBasedStatement: {
        limit,
        aggregateKeyType: 'IP',
        evaluationWindowSec: RATE_WINDOW_SECONDS,
        scopeDownStatement: scope,
      },
    },
    visibilityConfig: visibility(name),
  };
}

/**
 * Stripe's webhook path from any address but Stripe's (the IP set: shared/platform/stripe-webhook-ips.ts) is
 * refused here, before it reaches API Gateway, so the webhook route's budget (its throttle) can be spent
 * only by Stripe's deliveries. The path is matched by its start, decoded and lower-cased, so no spelling
 * of it that API Gateway could route to the webhook slips past (`/api/webhooks/stripe/`, `%73tripe`).
 */
function webhookSourcesRule(priority: number, sourceIpSetArns: readonly string[]): CfnWebACL.RuleProperty {
  return {
    name: EDGE_RULES.webhookSources,
    priority,
    action: { block: {} },
    statement: and([
      pathMatch(STRIPE_WEBHOOK_PATH.toLowerCase(), 'STARTS_WITH', ['URL_DECODE', 'LOWERCASE']),
      not(or(sourceIpSetArns.map((arn) => ({ ipSetReferenceStatement: { arn } })))),
    ]),
    visibilityConfig: visibility(EDGE_RULES.webhookSources),
  };
}

/**
 * AWS's common rule set, except on Stripe's webhook (arbitrary customer text in signed JSON events that
 * are often over 8 KB). SizeRestrictions_BODY only counts: an order of 500 photos, a thumbnails request
 * or an upload batch of 50 files is a JSON body over its 8 KB (photos themselves go straight to S3 by
 * presigned URL, never through CloudFront); zod's limits and API Gateway's 10 MB bound bodies instead.
 */
function commonRuleSet(priority: number): CfnWebACL.RuleProperty {
  return {
    name: EDGE_RULES.common,
    priority,
    overrideAction: { none: {} },
    statement: {
      managedRuleGroupStatement: {
        vendorName: 'AWS',
        name: 'AWSManagedRulesCommonRuleSet',
        ruleActionOverrides: [{ name: BODY_SIZE_RULE, actionToUse: { count: {} } }],
        scopeDownStatement: notStripeWebhook,
      },
    },
    visibilityConfig: visibility(EDGE_RULES.common),
  };
}

/**
 * The rules in evaluation order: the webhook's sources first (no counting needed), the tight rate rules
 * (cheap, and a flood is refused before the managed rules inspect it), the crowd's own (a gallery's
 * calls, its previews), then the general one, then the common rule set. Each request is counted by every
 * rate rule whose scope it is in.
 */
export function edgeRules(
  limits: RateLimits,
  webhookSourceIpSetArns: readonly string[],
): CfnWebACL.RuleProperty[] {
  return [
    webhookSourcesRule(0, webhookSourceIpSetArns),
    rateRule(EDGE_RULES.accounts, 1, limits.accounts, accountCalls()),
    rateRule(EDGE_RULES.orders, 2, limits.orders, orderCalls()),
    rateRule(EDGE_RULES.galleries, 3, limits.galleries, galleryCalls()),
    rateRule(EDGE_RULES.previews, 4, limits.previews, previewFiles()),
    rateRule(EDGE_RULES.general, 5, limits.general, and([notStripeWebhook, not(cachedFiles())])),
    commonRuleSet(6),
  ];
}

export const edgeVisibility = visibility;
