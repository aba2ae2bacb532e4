import { describe, expect, it } from 'vitest';
import type { Assembly, CfnResource, CfnTemplate } from '@shutterlane/aws-standins/cloudformation/assembly';
import { TemplateResolver } from '@shutterlane/aws-standins/cloudformation/resolver';
import { httpApiDefinition, notificationMatches, stageThrottles } from './events';
import { localIssuer } from './overlay';

describe('bucket notification events', () => {
  it('matches a wildcard configuration to every event of its kind, and exact names only to themselves', () => {
    expect(notificationMatches('s3:ObjectCreated:*', 'ObjectCreated:Put')).toBe(true);
    expect(notificationMatches('s3:ObjectCreated:*', 'ObjectCreated:CompleteMultipartUpload')).toBe(true);
    expect(notificationMatches('s3:ObjectCreated:*', 'ObjectRemoved:Delete')).toBe(false);
    expect(notificationMatches('s3:ObjectCreated:Put', 'ObjectCreated:Post')).toBe(false);
  });
});

describe('the JWT issuer', () => {
  it("is the template's user pool, issued by the Cognito stand-in", () => {
    expect(
      localIssuer('https://cognito-idp.eu-west-2.amazonaws.com/eu-west-2_Abc123xyZ', 'http://localhost:9229'),
    ).toEqual({
      issuer: 'http://localhost:9229/eu-west-2_Abc123xyZ',
      jwksUrl: 'http://localhost:9229/eu-west-2_Abc123xyZ/.well-known/jwks.json',
    });
  });
});

describe("the stage's throttles", () => {
  const account = { region: 'eu-west-2', accountId: '000000000000' };
  const functionArn = 'arn:aws:lambda:eu-west-2:000000000000:function:Shutterlane-Api-PublicOrders';
  const template: CfnTemplate = {
    Parameters: { OrdersBurst: { Type: 'Number', Default: 50 } },
    Resources: {
      HttpApi: { Type: 'AWS::ApiGatewayV2::Api', Properties: {} },
      OrdersIntegration: {
        Type: 'AWS::ApiGatewayV2::Integration',
        Properties: { IntegrationUri: functionArn },
      },
      OrderRoute: {
        Type: 'AWS::ApiGatewayV2::Route',
        Properties: {
          RouteKey: 'POST /public/orders/{orderId}',
          Target: { 'Fn::Join': ['', ['integrations/', { Ref: 'OrdersIntegration' }]] },
        },
      },
      ApiStage: {
        Type: 'AWS::ApiGatewayV2::Stage',
        Properties: {
          StageName: 'api',
          DefaultRouteSettings: { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 },
          RouteSettings: {
            'POST /public/orders/{orderId}': {
              ThrottlingRateLimit: 25,
              ThrottlingBurstLimit: { Ref: 'OrdersBurst' },
            },
            'POST /public/users': { ThrottlingRateLimit: 5, DetailedMetricsEnabled: true },
          },
        },
      },
    },
  };
  const assembly: Assembly = {
    directory: '/nowhere',
    stacks: new Map([['Api', { name: 'Api', template, assets: new Map() }]]),
  };

  it("are the template's default route settings and each route's own, resolved, throttle numbers only", () => {
    const api = httpApiDefinition(new TemplateResolver(assembly, account, () => undefined));
    expect(api.stageName).toBe('api');
    expect(api.routes).toEqual([
      {
        routeKey: 'POST /public/orders/{orderId}',
        method: 'POST',
        path: '/public/orders/{orderId}',
        functionArn,
      },
    ]);
    expect(api.throttles).toEqual({
      defaultRoute: { rateLimit: 50, burstLimit: 100 },
      routes: {
        'POST /public/orders/{orderId}': { rateLimit: 25, burstLimit: 50 },
        'POST /public/users': { rateLimit: 5 },
      },
    });
  });

  it('are empty for a stage without settings (only the account quota applies)', () => {
    const bare: CfnResource = { Type: 'AWS::ApiGatewayV2::Stage', Properties: { StageName: 'api' } };
    const resolver = new TemplateResolver(assembly, account, () => undefined);
    expect(stageThrottles(resolver, 'Api', bare)).toEqual({ defaultRoute: {}, routes: {} });
  });
});
