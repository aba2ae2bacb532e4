import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ShutterlaneStacks } from '../../infra/stacks/shutterlane';
import { UNVERSIONED_FILES } from '../../infra/stacks/site-stack';
import { mentions, resourcesOf, synthesize, SYNTH_TIMEOUT_MS, templateOf } from './fixture';

const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';

let stacks: ShutterlaneStacks;
let site: Template;

beforeAll(() => {
  stacks = synthesize();
  site = templateOf(stacks.site);
}, SYNTH_TIMEOUT_MS);

function distributionConfig(template: Template) {
  const [distribution] = Object.values(resourcesOf(template, 'AWS::CloudFront::Distribution'));
  return distribution!.Properties!.DistributionConfig as {
    Origins: { Id: string; DomainName: unknown; OriginAccessControlId?: unknown }[];
    DefaultCacheBehavior: { TargetOriginId: string; FunctionAssociations?: unknown[] };
    CacheBehaviors: { PathPattern: string; TargetOriginId: string; [key: string]: unknown }[];
    CustomErrorResponses?: unknown;
  };
}

describe('CloudFront distribution', () => {
  it('forwards /api/* to the HTTP API uncached, with all methods and every header but Host', () => {
    const config = distributionConfig(site);
    const api = config.CacheBehaviors.find((b) => b.PathPattern === '/api/*');
    expect(api).toBeDefined();
    expect(api).toMatchObject({
      AllowedMethods: expect.arrayContaining(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']),
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
    });
    const origin = config.Origins.find((o) => o.Id === api!.TargetOriginId)!;
    const apiLogicalId = stacks.api.getLogicalId(stacks.api.httpApi.node.defaultChild as never);
    expect(mentions(origin.DomainName, apiLogicalId)).toBe(true);
    expect(mentions(origin.DomainName, '.execute-api.')).toBe(true);
  });

  it('serves the SPA from the private site bucket through Origin Access Control', () => {
    const config = distributionConfig(site);
    const origin = config.Origins.find((o) => o.Id === config.DefaultCacheBehavior.TargetOriginId)!;
    expect(origin.OriginAccessControlId).toBeDefined();
    site.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    site.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: Match.objectLike({
        BlockPublicPolicy: true,
        RestrictPublicBuckets: true,
      }),
    });
  });

  it('falls back to index.html for client routes on the SPA behaviour only, never for API errors', () => {
    const config = distributionConfig(site);
    expect(config.DefaultCacheBehavior.FunctionAssociations).toHaveLength(1);
    expect(config.CustomErrorResponses).toBeUndefined();
    const api = config.CacheBehaviors.find((b) => b.PathPattern === '/api/*');
    expect(api?.FunctionAssociations).toBeUndefined();
    const [fn] = Object.values(resourcesOf(site, 'AWS::CloudFront::Function'));
    expect(String(fn!.Properties!.FunctionCode)).toContain("'/index.html'");
  });

  it('deploys only the runtime config, never cached, when web/dist is absent', () => {
    site.resourceCountIs('Custom::CDKBucketDeployment', 1);
    site.hasResourceProperties('Custom::CDKBucketDeployment', {
      DistributionPaths: ['/runtime-config.json'],
      SystemMetadata: { 'cache-control': 'no-cache' },
    });
  });

  it('deploys the SPA: hashed assets for a year, the entry files and the ZIP worker never cached', () => {
    const webDist = mkdtempSync(join(tmpdir(), 'shutterlane-web-dist-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Shutterlane</title>');
    writeFileSync(join(webDist, 'zip-download-sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    const withSpa = templateOf(synthesize({ webDist }).site);
    withSpa.resourceCountIs('Custom::CDKBucketDeployment', 3);
    withSpa.hasResourceProperties('Custom::CDKBucketDeployment', {
      DistributionPaths: ['/index.html', '/sitemap.xml', '/robots.txt', '/zip-download-sw.js'],
      SystemMetadata: { 'cache-control': 'no-cache' },
    });
    withSpa.hasResourceProperties('Custom::CDKBucketDeployment', {
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
    // The year-long deployment is built from an asset that leaves the worker out.
    expect(UNVERSIONED_FILES).toContain('zip-download-sw.js');
  });
});

describe('photo processing', () => {
  it('invokes the resize function for every object created in the originals bucket', () => {
    const media = templateOf(stacks.media);
    const resizeId = stacks.media.getLogicalId(stacks.media.resize.handler.node.defaultChild as CfnFunction);
    const originalsId = stacks.data.getLogicalId(stacks.data.buckets.originals.node.defaultChild as never);
    const [notification] = Object.values(resourcesOf(media, 'Custom::S3BucketNotifications'));
    expect(notification).toBeDefined();
    const props = notification!.Properties!;
    expect(mentions(props.BucketName, originalsId)).toBe(true);
    expect(props.Managed).toBe(false);
    const configs = (props.NotificationConfiguration as { LambdaFunctionConfigurations: unknown[] })
      .LambdaFunctionConfigurations;
    expect(configs).toEqual([
      { Events: ['s3:ObjectCreated:*'], LambdaFunctionArn: { 'Fn::GetAtt': [resizeId, 'Arn'] } },
    ]);
    media.hasResourceProperties('AWS::Lambda::Permission', {
      Principal: 's3.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [resizeId, 'Arn'] },
    });
  });

  it('keeps the data stack free of references to functions', () => {
    const text = JSON.stringify(templateOf(stacks.data).toJSON());
    expect(text).not.toContain('Fn::ImportValue');
    expect(stacks.data.dependencies).toEqual([]);
  });

  it('runs resize on Node.js 22 ARM64 with room for sharp', () => {
    templateOf(stacks.media).hasResourceProperties('AWS::Lambda::Function', {
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      MemorySize: Match.anyValue(),
      Timeout: 60,
    });
  });
});
