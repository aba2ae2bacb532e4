/**
 * The content API in a deployment without Sanity: its function (packaged with the dataset and sharp,
 * no grants), its public routes, and CloudFront caching its answers.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CfnRole } from 'aws-cdk-lib/aws-iam';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeKey } from '#shared/contract/route-paths';
import { routes, type RouteDef } from '#shared/contract/routes';
import { BUNDLED_CONTENT } from '#shared/platform/bundled-content';
import { bundleFunction, REPO_ROOT } from '../../infra/constructs/app-function';
import { FUNCTION_ACCESS } from '../../infra/constructs/function-access';
import type { ShutterlaneStacks } from '../../infra/stacks/shutterlane';
import { mentions, resourcesOf, synthesize, SYNTH_TIMEOUT_MS, templateOf } from './fixture';

let stacks: ShutterlaneStacks;

beforeAll(() => {
  stacks = synthesize();
}, SYNTH_TIMEOUT_MS);

const contentRoutes = (Object.values(routes) as RouteDef[]).filter((route) => route.group === 'content');

describe('content function', () => {
  it('reads the dataset packaged at the same path in the Lambda package', () => {
    const fn = stacks.api.functions.content.handler;
    const props = resourcesOf(templateOf(stacks.api), 'AWS::Lambda::Function')[
      stacks.api.getLogicalId(fn.node.defaultChild as CfnFunction)
    ]!.Properties!;
    expect((props.Environment as { Variables: Record<string, unknown> }).Variables).toMatchObject({
      CONTENT_DATASET_DIR: 'content/dataset',
      CONTENT_PROJECT_ID: BUNDLED_CONTENT.projectId,
      CONTENT_DATASET: BUNDLED_CONTENT.dataset,
    });
    expect(props.MemorySize).toBe(1024);
    expect(FUNCTION_ACCESS.content.bundledFolders).toEqual(['content/dataset']);
    expect(FUNCTION_ACCESS.content.nodeModules).toEqual(['sharp']);
  });

  it('packages a split bundle (route code in chunks) and the bundled folders at their repository path', () => {
    const root = join(REPO_ROOT, 'node_modules', '.cache', 'shutterlane-infra-package');
    rmSync(root, { recursive: true, force: true });
    mkdirSync(join(root, 'src'), { recursive: true });
    writeFileSync(join(root, 'src', 'route.ts'), "export const answer = () => 'lazy route';\n");
    writeFileSync(
      join(root, 'src', 'index.ts'),
      "export const handler = async () => (await import('./route')).answer();\n",
    );
    const out = join(root, 'out');
    mkdirSync(out);
    bundleFunction(
      { entry: join(root, 'src', 'index.ts'), nodeModules: [], bundledFolders: ['content/dataset'] },
      out,
    );
    expect(readFileSync(join(out, 'index.mjs'), 'utf8')).not.toContain('lazy route');
    const chunks = readdirSync(join(out, 'chunks')).filter((file) => file.endsWith('.mjs'));
    expect(
      chunks.some((file) => readFileSync(join(out, 'chunks', file), 'utf8').includes('lazy route')),
    ).toBe(true);
    expect(existsSync(join(out, 'index.mjs.map'))).toBe(true);
    expect(readdirSync(join(out, 'content', 'dataset')).sort()).toEqual(
      readdirSync(join(REPO_ROOT, 'content', 'dataset')).sort(),
    );
  });

  it('gets no table or bucket: only its X-Ray traces and the origin-verify secret every API function checks', () => {
    const fn = stacks.api.functions.content.handler;
    const roleId = stacks.api.getLogicalId(fn.role!.node.defaultChild as CfnRole);
    const policies = Object.values(resourcesOf(templateOf(stacks.api), 'AWS::IAM::Policy')).filter((policy) =>
      mentions(policy.Properties?.Roles, roleId),
    );
    const statements = policies.flatMap(
      (policy) => (policy.Properties?.PolicyDocument as { Statement: unknown[] }).Statement,
    );
    const originVerify = stacks.api.getLogicalId(stacks.api.originVerifySecret.node.defaultChild as never);
    expect(statements).toEqual([
      {
        Action: ['xray:PutTelemetryRecords', 'xray:PutTraceSegments'],
        Effect: 'Allow',
        Resource: '*',
      },
      { Action: 'secretsmanager:GetSecretValue', Effect: 'Allow', Resource: { Ref: originVerify } },
    ]);
  });

  it('serves the query (GET and POST) and image routes, public, on its own integration', () => {
    expect(contentRoutes.map(routeKey).sort()).toEqual([
      'GET /content/images/{projectId}/{dataset}/{file}',
      'GET /content/{apiVersion}/data/query/{dataset}',
      'POST /content/{apiVersion}/data/query/{dataset}',
    ]);
    const apiRoutes = Object.values(resourcesOf(templateOf(stacks.api), 'AWS::ApiGatewayV2::Route'));
    for (const route of contentRoutes) {
      const found = apiRoutes.find((r) => r.Properties?.RouteKey === routeKey(route));
      expect(found?.Properties?.AuthorizationType, routeKey(route)).toBe('NONE');
    }
  });
});

describe('CloudFront in front of the content API', () => {
  function behaviors() {
    const [distribution] = Object.values(
      resourcesOf(templateOf(stacks.site), 'AWS::CloudFront::Distribution'),
    );
    return (
      distribution!.Properties!.DistributionConfig as {
        CacheBehaviors: { PathPattern: string; CachePolicyId: unknown; AllowedMethods: string[] }[];
      }
    ).CacheBehaviors;
  }

  it('caches /api/content/* keyed on the query string, matched before the uncached /api/*', () => {
    const patterns = behaviors().map((b) => b.PathPattern);
    expect(patterns.indexOf('/api/content/*')).toBeGreaterThanOrEqual(0);
    expect(patterns.indexOf('/api/content/*')).toBeLessThan(patterns.indexOf('/api/*'));
    const content = behaviors().find((b) => b.PathPattern === '/api/content/*')!;
    expect(content.AllowedMethods).toContain('POST');
    const [policyId] = Object.entries(
      resourcesOf(templateOf(stacks.site), 'AWS::CloudFront::CachePolicy'),
    ).find(([id]) => mentions(content.CachePolicyId, id))!;
    const policy = resourcesOf(templateOf(stacks.site), 'AWS::CloudFront::CachePolicy')[policyId]!.Properties!
      .CachePolicyConfig as {
      ParametersInCacheKeyAndForwardedToOrigin: {
        QueryStringsConfig: { QueryStringBehavior: string };
        HeadersConfig: { HeaderBehavior: string; Headers?: string[] };
        CookiesConfig: { CookieBehavior: string };
      };
    };
    const key = policy.ParametersInCacheKeyAndForwardedToOrigin;
    expect(key.QueryStringsConfig.QueryStringBehavior).toBe('all');
    // Accept alone: `auto=format` images differ by it; nothing else of the viewer's reaches the cache key.
    expect(key.HeadersConfig).toEqual({ HeaderBehavior: 'whitelist', Headers: ['Accept'] });
    expect(key.CookiesConfig.CookieBehavior).toBe('none');
  });
});
