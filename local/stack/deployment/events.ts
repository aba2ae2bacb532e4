/**
 * What invokes the functions, as the templates wire it: the HTTP API's stage, routes, integrations
 * and JWT authorizer; the originals bucket's notifications; the user pool's triggers. The local
 * gateway, S3 and Cognito stand-ins invoke exactly these, so a route or trigger missing from the
 * CDK app is missing locally too.
 */
import { resourcesOfType, type CfnResource } from '@shutterlane/aws-standins/cloudformation/assembly';
import type { TemplateResolver } from '@shutterlane/aws-standins/cloudformation/resolver';
import type { StageThrottles, ThrottleLimits } from '../gateway-throttle';

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
