/**
 * The HTTP API, built from the shared route table: one Lambda function per route group, one
 * route per table entry with its group's integration, and the Cognito JWT authorizer on the
 * `seller` routes only (`public` routes are open; `stripe` routes check Stripe's signature in the
 * handler). The stage is named `api`, so CloudFront forwards `/api/*` to it unchanged.
 */
import { Annotations, CfnOutput, RemovalPolicy, Stack, type CfnResource, type StackProps } from 'aws-cdk-lib';
import { AccessLogField, AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import type { CfnStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  ApiMapping,
  DomainName,
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
  type IHttpRouteAuthorizer,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { API_BASE, routeKey } from '#shared/contract/route-paths';
import { ROUTE_GROUPS, routes, type RouteDef, type RouteGroup } from '#shared/contract/routes';
import { ORIGIN_VERIFY_SECRET_VARIABLE } from '#shared/platform/origin-verify-header';
import { AppFunction, reservationOf, type FunctionResources } from '../constructs/app-function';
import { Monitoring } from '../constructs/monitoring';
import { METRIC } from '#shared/platform/metric-names';
import { pascalCase, recordOf } from '../constructs/naming';
import { secretsBinding } from '../constructs/runtime-config';
import type { RouteThrottle, RouteThrottles, ThrottleClass } from './route-throttles';

/** API Gateway stage name = the path prefix CloudFront forwards (API_BASE, `/api/*`). */
export const API_STAGE_NAME = API_BASE.slice(1);

/**
 * Which budget a route has (route-throttles.ts). Each route has a budget of its own (API Gateway
 * throttles each route of a stage separately), so a flood on one route is refused there and never takes
 * another's. A public gallery's customer calls (every route of its group a customer makes, pages added
 * later included) have the crowd's budget, apart from the order calls'.
 */
export function routeThrottleOf(route: RouteDef): ThrottleClass {
  if (route.caller === 'stripe') return 'stripeWebhook';
  if (route.caller !== 'public') return 'default';
  if (route.group === 'users') return 'accounts';
  // A public gallery's calls, and its previews not made yet (each made once, then served by CloudFront).
  if (route.group === 'public-galleries' || route.group === 'previews') return 'publicGalleries';
  // The customers' order calls: the rest of `/public/`, and checkout.
  if (route.path.startsWith('/public/') || route.group === 'checkout') return 'orders';
  return 'default';
}

export interface ApiStackProps extends StackProps {
  resources: FunctionResources;
  /** The topic the stack's alarms notify. */
  alarmTopic: ITopic;
}

export class ApiStack extends Stack {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly functions: Record<RouteGroup, AppFunction>;
  /** What CloudFront sends in X-Origin-Verify, which every API function checks (functions/lib/origin-verify.ts). */
  readonly originVerifySecret: ISecret;

  /** The host CloudFront reaches the API at: the API's own domain, else the execute-api endpoint's. */
  readonly apiDomainName: string;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { routeThrottles, apiOrigin } = props.resources.settings;
    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'Shutterlane API (routes from shared/contract/routes.ts)',
      createDefaultStage: false,
      // With a domain of its own, the default endpoint is off: only that domain (CloudFront's origin) answers.
      disableExecuteApiEndpoint: apiOrigin !== undefined,
    });
    this.stage = this.createStage(routeThrottles.default);
    this.apiDomainName = apiOrigin ? this.mapOriginDomain(apiOrigin) : this.executeApiDomainName();
    this.originVerifySecret = this.createOriginVerifySecret(
      props.resources.settings.secrets.originVerifySecret,
    );
    this.functions = this.createFunctions(props.resources);
    this.addRoutes(this.sellerAuthorizer(props.resources), routeThrottles);
    this.addAlarms(props.alarmTopic);
    new CfnOutput(this, 'ApiUrl', { value: `https://${this.apiDomainName}${API_BASE}` });
    new CfnOutput(this, 'StripeWebhookUrl', {
      value: `${props.resources.settings.siteUrl}${API_BASE}${routes.stripeWebhook.path}`,
      description: 'Register this endpoint in the Stripe dashboard',
    });
  }

  /**
   * Without a domain of its own the execute-api endpoint is CloudFront's origin, and anyone who learns
   * its host can spend the routes' budgets (API Gateway throttles before any function's origin check).
   */
  private executeApiDomainName(): string {
    Annotations.of(this).addWarning(
      "No apiOriginDomain setting: the execute-api endpoint stays open, so direct calls can spend the routes' throttles (docs/deploy.md).",
    );
    return `${this.httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`;
  }

  /**
   * The API at its own domain: the stage mapped under its name (CloudFront forwards `/api/*` unchanged,
   * as with execute-api), the operator's DNS pointing the name at the regional target (the output).
   */
  private mapOriginDomain(origin: { domainName: string; certificateArn: string }): string {
    const domainName = new DomainName(this, 'OriginDomain', {
      domainName: origin.domainName,
      certificate: Certificate.fromCertificateArn(this, 'OriginCertificate', origin.certificateArn),
    });
    new ApiMapping(this, 'OriginMapping', {
      api: this.httpApi,
      domainName,
      stage: this.stage,
      apiMappingKey: API_STAGE_NAME,
    });
    new CfnOutput(this, 'ApiOriginTarget', {
      value: domainName.regionalDomainName,
      description: `Point ${origin.domainName} at this (CNAME, or a Route 53 alias): docs/deploy.md`,
    });
    return origin.domainName;
  }

  private createStage(defaultThrottle: RouteThrottle): HttpStage {
    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    return new HttpStage(this, 'ApiStage', {
      httpApi: this.httpApi,
      stageName: API_STAGE_NAME,
      autoDeploy: true,
      // Every route's budget unless routeSettings (addRoutes) gives it another.
      throttle: defaultThrottle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: AccessLogField.contextRequestId(),
            ip: AccessLogField.contextIdentitySourceIp(),
            requestTime: AccessLogField.contextRequestTime(),
            routeKey: AccessLogField.contextRouteKey(),
            status: AccessLogField.contextStatus(),
            responseLength: AccessLogField.contextResponseLength(),
            latencyMs: AccessLogField.contextResponseLatency(),
            integrationError: AccessLogField.contextIntegrationErrorMessage(),
          }),
        ),
      },
    });
  }

  /** The API's 5xx rate, every failure of the Stripe webhook (money), and throttling of any function. */
  private addAlarms(topic: ITopic): void {
    const monitoring = new Monitoring(this, 'Alarms', { topic });
    monitoring.apiServerErrorRate(this.stage);
    monitoring.functionFailures(
      'stripe-webhook',
      this.functions['stripe-webhook'].handler,
      'The Stripe webhook failed or answered 5xx: Stripe retries, but orders may wait for fulfilment.',
    );
    this.addMoneyAlarms(monitoring);
    for (const group of ROUTE_GROUPS) monitoring.throttles(group, this.functions[group].handler);
  }

  /** Money that went back, or waits, where the product could not do what it was paid for (docs/deploy.md). */
  private addMoneyAlarms(monitoring: Monitoring): void {
    monitoring.appMetricAlarm(
      'stripe-webhook',
      METRIC.undeliveredPaymentsRefunded,
      'A paid checkout could not deliver its order (amount, account, order gone or ended) and was refunded in full.',
    );
    monitoring.appMetricAlarm(
      'stripe-webhook',
      METRIC.webhookEventsWaitingOverADay,
      'A Stripe event (a refund or dispute of a payment its order never recorded) still waits after a day.',
    );
    monitoring.appMetricAlarm(
      'stripe-webhook',
      METRIC.extraSubscriptionsCancelled,
      'A seller paid a second plan subscription at once; the extra one was cancelled and refunded.',
    );
  }

  /**
   * Generated here unless the settings name one; not rotated (a new value must reach CloudFront's origin
   * and the functions together: docs/deploy.md).
   */
  private createOriginVerifySecret(name: string | undefined): ISecret {
    if (name !== undefined) return Secret.fromSecretNameV2(this, 'NamedOriginVerifySecret', name);
    return new Secret(this, 'OriginVerifySecret', {
      description: 'CloudFront sends it to the API in X-Origin-Verify; the API refuses requests without it',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: RemovalPolicy.DESTROY,
    });
  }

  /** Every API function reads the origin-verify secret at run time (its id in the environment, never its value). */
  private createFunctions(resources: FunctionResources): Record<RouteGroup, AppFunction> {
    const originVerify = secretsBinding({ [ORIGIN_VERIFY_SECRET_VARIABLE]: this.originVerifySecret });
    return recordOf(ROUTE_GROUPS, (group) => {
      const fn = new AppFunction(this, `${pascalCase(group)}Function`, {
        name: group,
        resources,
        // Executions kept for the webhook whatever the other functions do, when the setting reserves any.
        ...(group === 'stripe-webhook' &&
          reservationOf(resources.settings.reservedConcurrency.stripeWebhook)),
      });
      for (const [key, value] of Object.entries(originVerify.environment))
        fn.handler.addEnvironment(key, value);
      originVerify.grant?.(fn.handler);
      return fn;
    });
  }

  private sellerAuthorizer(resources: FunctionResources): IHttpRouteAuthorizer {
    if (!resources.cognito) throw new Error('The API stack needs the Cognito user pool for seller routes');
    // Validates the ID token: issuer = the pool, audience = the SPA's app client.
    return new HttpUserPoolAuthorizer('SellerAuthorizer', resources.cognito.userPool, {
      userPoolClients: [resources.cognito.userPoolClient],
      identitySource: ['$request.header.Authorization'],
    });
  }

  private addRoutes(sellerAuthorizer: IHttpRouteAuthorizer, throttles: RouteThrottles): void {
    const integrations = recordOf(
      ROUTE_GROUPS,
      (group) => new HttpLambdaIntegration(`${pascalCase(group)}Integration`, this.functions[group].handler),
    );
    const stage = this.stage.node.defaultChild as CfnStage;
    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    for (const [name, route] of Object.entries(routes) as [string, RouteDef][]) {
      const httpRoute = new HttpRoute(this, `${pascalCase(name)}Route`, {
        httpApi: this.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: integrations[route.group],
        ...(route.caller === 'seller' ? { authorizer: sellerAuthorizer } : {}),
      });
      const throttle = routeThrottleOf(route);
      if (throttle === 'default') continue;
      const { rateLimit, burstLimit } = throttles[throttle];
      routeSettings[routeKey(route)] = { ThrottlingRateLimit: rateLimit, ThrottlingBurstLimit: burstLimit };
      // CloudFormation refuses route settings for a route that does not exist yet.
      stage.addResourceDependency(httpRoute.node.defaultChild as CfnResource);
    }
    stage.routeSettings = routeSettings;
  }
}
