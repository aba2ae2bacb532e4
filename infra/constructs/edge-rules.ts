/**
 * The web ACL's rules in front of the whole site: per-IP rate-based rules (everything, the customers'
 * order calls, the account calls) and AWS's common rule set. The paths come from the route table, so a
 * new account or order route is limited without anyone remembering to. The local edge (local/edge)
 * evaluates the rate rules from the synthesized template, so their statements stay within what it
 * understands: byte matches on the URI path, AND, OR and NOT.
 */
import type { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { routes, type RouteDef } from '#shared/routes';
import { API_STAGE_NAME } from '../stacks/api-stack';
import { RATE_WINDOW_SECONDS, type RateLimits } from '../stacks/settings';

type Statement = CfnWebACL.StatementProperty;
type Position = 'EXACTLY' | 'STARTS_WITH' | 'ENDS_WITH';

/** The rules' names: CloudWatch metrics and WAF's logs name them, the infra tests and local edge find them. */
export const EDGE_RULES = {
  general: 'RateLimitPerIp',
  orders: 'RateLimitOrderCalls',
  accounts: 'RateLimitAccountCalls',
  common: 'AwsCommonRuleSet',
} as const;

/** The managed rule that would refuse legitimate bodies over 8 KB (see commonRuleSet). */
export const BODY_SIZE_RULE = 'SizeRestrictions_BODY';

const apiPath = (path: string): string => `/${API_STAGE_NAME}${path}`;

/** The path as the origin routes it: percent-encoding decoded, so `%70ublic` is `public` here too. */
function pathMatch(searchString: string, positionalConstraint: Position): Statement {
  return {
    byteMatchStatement: {
      searchString,
      fieldToMatch: { uriPath: {} },
      positionalConstraint,
      textTransformations: [{ priority: 0, type: 'URL_DECODE' }],
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

/** `/api/public/*` and the order checkout calls, which also take an order id anyone could guess at. */
export const PUBLIC_PATH_PREFIX = apiPath('/public/');
function orderCalls(): Statement {
  const checkout = allRoutes.filter((route) => route.group === 'checkout' && route.caller === 'public');
  return or([pathMatch(PUBLIC_PATH_PREFIX, 'STARTS_WITH'), ...checkout.map(routePath)]);
}

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
 * The rules in evaluation order: the tight rate rules first (cheap, and a flood is refused before the
 * managed rules inspect it), then the general one, then the common rule set.
 */
export function edgeRules(limits: RateLimits): CfnWebACL.RuleProperty[] {
  return [
    rateRule(EDGE_RULES.accounts, 0, limits.accounts, accountCalls()),
    rateRule(EDGE_RULES.orders, 1, limits.orders, orderCalls()),
    rateRule(EDGE_RULES.general, 2, limits.general, notStripeWebhook),
    commonRuleSet(3),
  ];
}

export const edgeVisibility = visibility;
