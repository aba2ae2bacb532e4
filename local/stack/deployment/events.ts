/**
 * What invokes the functions, as the templates wire it: the HTTP API's stage, routes, integrations
 * and JWT authorizer; the originals bucket's notifications; the user pool's triggers. The local
 * gateway, S3 and Cognito stand-ins invoke exactly these, so a route or trigger missing from the
 * CDK app is missing locally too.
 */
import { resourcesOfType, type CfnResource } from '@shutterlane/aws-standins/cloudformation/assembly';
import type { TemplateResolver } from '@shutterlane/aws-standins/cloudformation/resolver';
import type { StageThrottles, ThrottleLimits } from '../gateway-throttle';
import type { ScheduledRule } from '@shutterlane/aws-standins/scheduler/scheduler';

export interface JwtAuthorizer {
  /** As the template says: `https://cognito-idp.<region>.amazonaws.com/<poolId>`. */
  issuer: string;
  audience: string[];
}

export interface ApiRoute {
  /** `POST /public/orders/{orderId}` */
  routeKey: string;
  method: string;
  path: string;
  functionArn: string;
  authorizer?: JwtAuthorizer;
}

export interface HttpApiDefinition {
  stageName: string;
  routes: ApiRoute[];
  /** The stage's throttles: its default route settings and each route's own. */
  throttles: StageThrottles;
}

export interface BucketNotification {
  bucket: string;
  /** e.g. `s3:ObjectCreated:*` */
  events: string[];
  functionArn: string;
  prefix?: string;
  suffix?: string;
}

export type CognitoTriggers = Partial<Record<'PreSignUp' | 'CustomMessage', string>>;

const logicalIdOf = (value: unknown): string | undefined => {
  const text = JSON.stringify(value ?? null);
  return /"Ref":"([^"]+)"/.exec(text)?.[1];
};

function byLogicalId(resolver: TemplateResolver, stack: string, value: unknown): CfnResource {
  const logicalId = logicalIdOf(value);
  if (!logicalId) throw new Error(`${stack}: expected a reference, got ${JSON.stringify(value)}`);
  return resolver.resource(stack, logicalId);
}

function authorizerOf(
  resolver: TemplateResolver,
  stack: string,
  route: CfnResource,
): JwtAuthorizer | undefined {
  if (route.Properties?.AuthorizationType !== 'JWT') return undefined;
  const authorizer = byLogicalId(resolver, stack, route.Properties.AuthorizerId);
  const config = resolver.resolve(stack, authorizer.Properties?.JwtConfiguration) as JwtAuthorizer & {
    Issuer: string;
    Audience: string[];
  };
  return { issuer: config.Issuer, audience: config.Audience };
}

interface CfnRouteSettings {
  ThrottlingRateLimit?: number;
  ThrottlingBurstLimit?: number;
}

function throttleLimits(settings: CfnRouteSettings | undefined): ThrottleLimits {
  const { ThrottlingRateLimit: rate, ThrottlingBurstLimit: burst } = settings ?? {};
  return {
    ...(rate !== undefined && { rateLimit: Number(rate) }),
    ...(burst !== undefined && { burstLimit: Number(burst) }),
  };
}

/** The stage's DefaultRouteSettings and RouteSettings (by route key), their throttle numbers only. */
export function stageThrottles(
  resolver: TemplateResolver,
  stack: string,
  stage: CfnResource,
): StageThrottles {
  const properties = stage.Properties ?? {};
  const routes = resolver.resolve(stack, properties.RouteSettings ?? {}) as Record<string, CfnRouteSettings>;
  return {
    defaultRoute: throttleLimits(
      resolver.resolve(stack, properties.DefaultRouteSettings) as CfnRouteSettings | undefined,
    ),
    routes: Object.fromEntries(
      Object.entries(routes).map(([key, settings]) => [key, throttleLimits(settings)]),
    ),
  };
}

/** The one HTTP API of the app: its stage (with its throttles) and every route with the function behind it. */
export function httpApiDefinition(resolver: TemplateResolver): HttpApiDefinition {
  const [stage, ...others] = resourcesOfType(resolver.assembly, 'AWS::ApiGatewayV2::Stage');
  if (!stage || others.length > 0) throw new Error('Expected exactly one HTTP API stage in the templates');
  const routes = resourcesOfType(resolver.assembly, 'AWS::ApiGatewayV2::Route').map(({ stack, resource }) => {
    const routeKey = resolver.resolveString(stack, resource.Properties?.RouteKey);
    const [method = '', path = ''] = routeKey.split(' ');
    const integration = byLogicalId(resolver, stack, resource.Properties?.Target);
    const authorizer = authorizerOf(resolver, stack, resource);
    return {
      routeKey,
      method,
      path,
      functionArn: resolver.resolveString(stack, integration.Properties?.IntegrationUri),
      ...(authorizer && { authorizer }),
    };
  });
  return {
    stageName: resolver.resolveString(stage.stack, stage.resource.Properties?.StageName),
    routes,
    throttles: stageThrottles(resolver, stage.stack, stage.resource),
  };
}

interface CfnNotificationConfiguration {
  LambdaFunctionConfigurations?: {
    Events: string[];
    LambdaFunctionArn: string;
    Filter?: { Key?: { FilterRules?: { Name: string; Value: string }[] } };
  }[];
}

/** Bucket notifications to functions (CDK's `Custom::S3BucketNotifications`). */
export function bucketNotifications(resolver: TemplateResolver): BucketNotification[] {
  return resourcesOfType(resolver.assembly, 'Custom::S3BucketNotifications').flatMap(
    ({ stack, resource }) => {
      const bucket = resolver.resolveString(stack, resource.Properties?.BucketName);
      const config = resolver.resolve(
        stack,
        resource.Properties?.NotificationConfiguration,
      ) as CfnNotificationConfiguration;
      return (config.LambdaFunctionConfigurations ?? []).map((entry) => {
        const rules = entry.Filter?.Key?.FilterRules ?? [];
        const rule = (name: string) => rules.find((r) => r.Name.toLowerCase() === name)?.Value;
        return {
          bucket,
          events: entry.Events,
          functionArn: entry.LambdaFunctionArn,
          ...(rule('prefix') !== undefined && { prefix: rule('prefix') }),
          ...(rule('suffix') !== undefined && { suffix: rule('suffix') }),
        };
      });
    },
  );
}

/** Whether an S3 event name (`ObjectCreated:Put`) matches a configured one (`s3:ObjectCreated:*`). */
export function notificationMatches(configured: string, eventName: string): boolean {
  const wanted = configured.replace(/^s3:/, '');
  return wanted.endsWith(':*') ? eventName.startsWith(wanted.slice(0, -1)) : wanted === eventName;
}

export function cognitoTriggers(
  resolver: TemplateResolver,
  stack: string,
  poolLogicalId: string,
): CognitoTriggers {
  const pool = resolver.resource(stack, poolLogicalId);
  return resolver.resolve(stack, pool.Properties?.LambdaConfig ?? {}) as CognitoTriggers;
}

interface CfnRuleTarget {
  Id: string;
  Arn: unknown;
  Input?: string;
}

/** Whether an AWS::Lambda::Permission lets EventBridge invoke the function for this rule. */
function eventsMayInvoke(resolver: TemplateResolver, functionArn: string, ruleLogicalId: string): boolean {
  return resourcesOfType(resolver.assembly, 'AWS::Lambda::Permission').some(({ stack, resource }) => {
    const properties = resource.Properties ?? {};
    if (properties.Principal !== 'events.amazonaws.com' || properties.Action !== 'lambda:InvokeFunction')
      return false;
    const target = resolver.resolveString(stack, properties.FunctionName);
    const forRule =
      logicalIdOf(properties.SourceArn) ??
      /"Fn::GetAtt":\["([^"]+)"/.exec(JSON.stringify(properties.SourceArn))?.[1];
    return (
      (target === functionArn || functionArn.endsWith(`:function:${target}`)) && forRule === ruleLogicalId
    );
  });
}

/**
 * The templates' scheduled rules (AWS::Events::Rule with a ScheduleExpression) and their targets: a
 * function's (with whether a permission lets the rule invoke it) or another kind, which is not run here.
 */
export function scheduledRules(
  resolver: TemplateResolver,
  functionArns: readonly string[],
  account: { region: string; accountId: string },
): ScheduledRule[] {
  return resourcesOfType(resolver.assembly, 'AWS::Events::Rule')
    .filter(({ resource }) => resource.Properties?.ScheduleExpression !== undefined)
    .map(({ stack, resource, logicalId }) => {
      const properties = resource.Properties ?? {};
      const name = properties.Name ? resolver.resolveString(stack, properties.Name) : logicalId;
      const targets = ((properties.Targets ?? []) as CfnRuleTarget[]).map((target) => {
        const arn = resolver.resolveString(stack, target.Arn);
        const isFunction = functionArns.includes(arn);
        return {
          id: target.Id,
          ...(isFunction && { functionArn: arn }),
          ...(target.Input !== undefined && { input: resolver.resolveString(stack, target.Input) }),
          permitted: isFunction && eventsMayInvoke(resolver, arn, logicalId),
        };
      });
      return {
        name,
        arn: `arn:aws:events:${account.region}:${account.accountId}:rule/${name}`,
        expression: resolver.resolveString(stack, properties.ScheduleExpression),
        enabled: (properties.State ?? 'ENABLED') === 'ENABLED',
        targets,
      };
    });
}
