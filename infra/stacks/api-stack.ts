/**
 * The HTTP API, built from the shared route table: one Lambda function per route group, one
 * route per table entry with its group's integration, and the Cognito JWT authorizer on the
 * `seller` routes only (`public` routes are open; `stripe` routes check Stripe's signature in the
 * handler). The stage is named `api`, so CloudFront forwards `/api/*` to it unchanged.
 */
import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogField, AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
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
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { ROUTE_GROUPS, routes, type RouteDef, type RouteGroup } from '../../shared/routes';
import { AppFunction, type FunctionResources } from '../constructs/app-function';
import { Monitoring } from '../constructs/monitoring';
import { pascalCase, recordOf } from '../constructs/naming';

/** API Gateway stage name = the path prefix CloudFront forwards (`/api/*`). */
export const API_STAGE_NAME = 'api';

export interface ApiStackProps extends StackProps {
  resources: FunctionResources;
  /** The topic the stack's alarms notify. */
  alarmTopic: ITopic;
}

export class ApiStack extends Stack {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly functions: Record<RouteGroup, AppFunction>;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'Shutterlane API (routes from shared/routes.ts)',
      createDefaultStage: false,
    });
    this.stage = this.createStage();
    this.functions = this.createFunctions(props.resources);
    this.addRoutes(this.sellerAuthorizer(props.resources));
    this.addAlarms(props.alarmTopic);
    new CfnOutput(this, 'ApiUrl', { value: `${this.httpApi.apiEndpoint}/${API_STAGE_NAME}` });
    new CfnOutput(this, 'StripeWebhookUrl', {
      value: `${props.resources.settings.siteUrl}/${API_STAGE_NAME}${routes.stripeWebhook.path}`,
      description: 'Register this endpoint in the Stripe dashboard',
    });
  }

  /** Domain of the execute-api endpoint, for CloudFront's origin. */
  get apiDomainName(): string {
    return `${this.httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`;
  }

  private createStage(): HttpStage {
    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    return new HttpStage(this, 'ApiStage', {
      httpApi: this.httpApi,
      stageName: API_STAGE_NAME,
      autoDeploy: true,
      // A ceiling against floods; captcha and per-route checks do the fine-grained work.
      throttle: { rateLimit: 200, burstLimit: 400 },
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
    for (const group of ROUTE_GROUPS) monitoring.throttles(group, this.functions[group].handler);
  }

  private createFunctions(resources: FunctionResources): Record<RouteGroup, AppFunction> {
    return recordOf(
      ROUTE_GROUPS,
      (group) => new AppFunction(this, `${pascalCase(group)}Function`, { name: group, resources }),
    );
  }

  private sellerAuthorizer(resources: FunctionResources): IHttpRouteAuthorizer {
    if (!resources.cognito) throw new Error('The API stack needs the Cognito user pool for seller routes');
    // Validates the ID token: issuer = the pool, audience = the SPA's app client.
    return new HttpUserPoolAuthorizer('SellerAuthorizer', resources.cognito.userPool, {
      userPoolClients: [resources.cognito.userPoolClient],
      identitySource: ['$request.header.Authorization'],
    });
  }

  private addRoutes(sellerAuthorizer: IHttpRouteAuthorizer): void {
    const integrations = recordOf(
      ROUTE_GROUPS,
      (group) => new HttpLambdaIntegration(`${pascalCase(group)}Integration`, this.functions[group].handler),
    );
    for (const [name, route] of Object.entries(routes) as [string, RouteDef][]) {
      new HttpRoute(this, `${pascalCase(name)}Route`, {
        httpApi: this.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: integrations[route.group],
        ...(route.caller === 'seller' ? { authorizer: sellerAuthorizer } : {}),
      });
    }
  }
}
