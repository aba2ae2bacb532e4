import type { Template } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeKey } from '#shared/contract/route-paths';
import { ROUTE_GROUPS, routes, type RouteDef, type RouteGroup } from '#shared/contract/routes';
import { METRIC, METRICS_NAMESPACE } from '#shared/platform/metric-names';
import { TABLES } from '#shared/platform/storage-layout';
import type { ShutterlaneStacks } from '../../infra/stacks/shutterlane';
import { mentions, resourcesOf, synthesize, SYNTH_TIMEOUT_MS, templateOf } from './fixture';

const tableRoutes = Object.values(routes) as RouteDef[];
let stacks: ShutterlaneStacks;
let template: Template;

function functionLogicalId(group: RouteGroup): string {
  return stacks.api.getLogicalId(stacks.api.functions[group].handler.node.defaultChild as CfnFunction);
}

function routeResource(route: RouteDef) {
  const found = Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Route')).filter(
    (r) => r.Properties?.RouteKey === routeKey(route),
  );
  expect(found, routeKey(route)).toHaveLength(1);
  return found[0]!.Properties!;
}

beforeAll(() => {
  stacks = synthesize();
  template = templateOf(stacks.api);
}, SYNTH_TIMEOUT_MS);

describe('HTTP API routes come from the shared route table', () => {
  it('has exactly one route per table entry, with the same route key', () => {
    const keys = Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Route')).map(
      (r) => r.Properties?.RouteKey,
    );
    expect(keys.sort()).toEqual(tableRoutes.map(routeKey).sort());
  });

  it.each(tableRoutes.map((r) => [routeKey(r), r] as const))('%s targets its group function', (_, route) => {
    const target = routeResource(route).Target;
    const integrations = resourcesOf(template, 'AWS::ApiGatewayV2::Integration');
    const [integrationId] = Object.keys(integrations).filter((id) => mentions(target, id));
    expect(integrationId).toBeDefined();
    const integration = integrations[integrationId!]!.Properties!;
    expect(integration.IntegrationType).toBe('AWS_PROXY');
    expect(integration.PayloadFormatVersion).toBe('2.0');
    expect(mentions(integration.IntegrationUri, functionLogicalId(route.group))).toBe(true);
  });

  it('puts the Cognito JWT authorizer on seller routes only', () => {
    const [authorizerId] = Object.keys(resourcesOf(template, 'AWS::ApiGatewayV2::Authorizer'));
    for (const route of tableRoutes) {
      const props = routeResource(route);
      if (route.caller === 'seller') {
        expect(props.AuthorizationType, routeKey(route)).toBe('JWT');
        expect(props.AuthorizerId, routeKey(route)).toEqual({ Ref: authorizerId });
      } else {
        expect(props.AuthorizationType, routeKey(route)).toBe('NONE');
        expect(props.AuthorizerId, routeKey(route)).toBeUndefined();
      }
    }
  });

  it('checks ID tokens of the web client issued by the seller pool', () => {
    const authorizers = Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Authorizer'));
    expect(authorizers).toHaveLength(1);
    const props = authorizers[0]!.Properties!;
    const poolId = stacks.auth.getLogicalId(stacks.auth.userPool.node.defaultChild as never);
    const clientId = stacks.auth.getLogicalId(stacks.auth.userPoolClient.node.defaultChild as never);
    expect(props.AuthorizerType).toBe('JWT');
    expect(props.IdentitySource).toEqual(['$request.header.Authorization']);
    const jwt = props.JwtConfiguration as { Audience: unknown[]; Issuer: unknown };
    expect(jwt.Audience).toHaveLength(1);
    expect(mentions(jwt.Audience[0], clientId)).toBe(true);
    expect(mentions(jwt.Issuer, poolId)).toBe(true);
    expect(mentions(jwt.Issuer, 'cognito-idp.')).toBe(true);
  });

  it('serves a stage named api with auto-deploy and no $default stage', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Stage', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', { StageName: 'api', AutoDeploy: true });
  });
});

describe('functions', () => {
  it('has one Node.js 22 ARM64 function per route group', () => {
    const functions = resourcesOf(template, 'AWS::Lambda::Function');
    expect(Object.keys(functions)).toHaveLength(ROUTE_GROUPS.length);
    for (const group of ROUTE_GROUPS) {
      const props = functions[functionLogicalId(group)]?.Properties;
      expect(props, group).toBeDefined();
      expect(props?.Runtime).toBe('nodejs22.x');
      expect(props?.Architectures).toEqual(['arm64']);
      expect(props?.Handler).toBe('index.handler');
    }
  });

  it('gives every function a log group with retention', () => {
    for (const group of ROUTE_GROUPS) {
      const props = resourcesOf(template, 'AWS::Lambda::Function')[functionLogicalId(group)]!.Properties!;
      const logGroupRef = (props.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
      const logGroup = resourcesOf(template, 'AWS::Logs::LogGroup')[logGroupRef]!.Properties!;
      expect(logGroup.RetentionInDays).toBeGreaterThan(0);
    }
  });

  it('passes table names and settings by environment variable (secrets by name: secrets.test.ts)', () => {
    const env = (group: RouteGroup) =>
      (
        resourcesOf(template, 'AWS::Lambda::Function')[functionLogicalId(group)]!.Properties!.Environment as {
          Variables: Record<string, unknown>;
        }
      ).Variables;
    for (const table of Object.values(TABLES)) expect(env('stripe-webhook')[table.envVar]).toBeDefined();
    expect(env('users').COGNITO_CLIENT_ID).toBeDefined();
  });
});

describe('money alarms', () => {
  it('alarm the topic on any payment refunded for want of delivery, any event waiting a day, any extra subscription', () => {
    const alarms = Object.values(resourcesOf(template, 'AWS::CloudWatch::Alarm')).map((a) => a.Properties!);
    for (const metricName of [
      METRIC.undeliveredPaymentsRefunded,
      METRIC.webhookEventsWaitingOverADay,
      METRIC.extraSubscriptionsCancelled,
    ]) {
      const [alarm, ...others] = alarms.filter((candidate) => candidate.MetricName === metricName);
      expect(others, metricName).toEqual([]);
      expect(alarm, metricName).toMatchObject({
        Namespace: METRICS_NAMESPACE,
        Dimensions: [{ Name: 'service', Value: 'stripe-webhook' }],
        Statistic: 'Sum',
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        TreatMissingData: 'notBreaching',
      });
      expect(alarm!.AlarmActions).toHaveLength(1);
      expect(alarm!.OKActions).toEqual(alarm!.AlarmActions);
    }
  });
});
