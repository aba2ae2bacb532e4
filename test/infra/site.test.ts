import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORIGINALS_PREFIX } from '#shared/platform/storage-layout';
import type { ShutterlaneStacks } from '../../infra/stacks/shutterlane';
import { CLOUDFRONT_CSP_MAX_LENGTH, UNVERSIONED_FILES } from '../../infra/stacks/site-stack';
import {
  EARLY_GALLERY_SCRIPT_HASH,
  EARLY_SHELL_SCRIPT_HASH,
  PERMISSIONS_POLICY,
  THEME_SCRIPT_HASH,
} from '#shared/platform/security-headers';
import { mentions, resourcesOf, synthesize, SYNTH_TIMEOUT_MS, templateOf } from './fixture';

const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
/** CloudFront's managed SECURITY_HEADERS policy (X-Frame-Options SAMEORIGIN, no CSP). */
const MANAGED_SECURITY_HEADERS = '67f7725c-6f97-4210-82d7-5512b31e9d03';

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
    DefaultCacheBehavior: {
      TargetOriginId: string;
      FunctionAssociations?: unknown[];
      ResponseHeadersPolicyId?: unknown;
    };
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
    // One for the SPA's bucket, one for the previews' prefix of the derived bucket.
    site.resourceCountIs('AWS::CloudFront::OriginAccessControl', 2);
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
      DistributionPaths: [
        '/index.html',
        '/sitemap.xml',
        '/robots.txt',
        '/zip-download-sw.js',
        '/seller-sw.js',
        '/manifest.webmanifest',
      ],
      SystemMetadata: { 'cache-control': 'no-cache' },
    });
    withSpa.hasResourceProperties('Custom::CDKBucketDeployment', {
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
    // The year-long deployment is built from an asset that leaves the workers out.
    expect(UNVERSIONED_FILES).toContain('zip-download-sw.js');
    expect(UNVERSIONED_FILES).toContain('seller-sw.js');
  });
});

describe('photo processing', () => {
  it('invokes the resize function for every object created under the originals prefix', () => {
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
      {
        Events: ['s3:ObjectCreated:*'],
        Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: ORIGINALS_PREFIX }] } },
        LambdaFunctionArn: { 'Fn::GetAtt': [resizeId, 'Arn'] },
      },
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

interface HeadersConfig {
  SecurityHeadersConfig: {
    ContentSecurityPolicy: { ContentSecurityPolicy: unknown; Override: boolean };
    StrictTransportSecurity: Record<string, unknown>;
    FrameOptions: Record<string, unknown>;
    ContentTypeOptions: Record<string, unknown>;
    ReferrerPolicy: Record<string, unknown>;
  };
  CustomHeadersConfig: { Items: { Header: string; Value: string; Override: boolean }[] };
}

/** The response headers policies of the site stack, by logical id. */
function headersPolicies(): Record<string, HeadersConfig> {
  return Object.fromEntries(
    Object.entries(resourcesOf(site, 'AWS::CloudFront::ResponseHeadersPolicy')).map(([id, resource]) => [
      id,
      resource.Properties!.ResponseHeadersPolicyConfig as HeadersConfig,
    ]),
  );
}

/** A CloudFormation string with each reference written as `<Ref:…>` or `<Import:…>`, to read it as text. */
function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  const join = (value as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
  if (join) return join[1].map(asText).join(join[0]);
  const [kind, target] = Object.entries(value as Record<string, unknown>)[0]!;
  return `<${kind.replace('Fn::', '')}:${JSON.stringify(target)}>`;
}

function directivesOf(policy: string): Map<string, string[]> {
  return new Map(
    policy.split('; ').map((directive) => {
      const [name, ...sources] = directive.split(' ');
      return [name!, sources];
    }),
  );
}

describe('security headers', () => {
  const policyIdOf = (name: string) =>
    stacks.site.getLogicalId(
      stacks.site[name === 'page' ? 'pageHeaders' : 'apiHeaders'].node.defaultChild as never,
    );

  it('are our own policies on every behaviour: pages and files get the page policy, /api/* the API one', () => {
    const config = distributionConfig(site);
    const page = { Ref: policyIdOf('page') };
    const api = { Ref: policyIdOf('api') };
    expect(config.DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual(page);
    expect(config.CacheBehaviors.map((b) => [b.PathPattern, b.ResponseHeadersPolicyId])).toEqual([
      ['/previews/*', api],
      ['/api/content/*', api],
      ['/api/*', api],
    ]);
    expect(JSON.stringify(config)).not.toContain(MANAGED_SECURITY_HEADERS);
  });

  it('send HSTS for two years with subdomains, X-Frame-Options DENY, nosniff, the referrer policy and Permissions-Policy', () => {
    for (const config of Object.values(headersPolicies())) {
      expect(config.SecurityHeadersConfig).toMatchObject({
        StrictTransportSecurity: {
          AccessControlMaxAgeSec: 63_072_000,
          IncludeSubdomains: true,
          Preload: false,
          Override: true,
        },
        FrameOptions: { FrameOption: 'DENY', Override: true },
        ContentTypeOptions: { Override: true },
        ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
      });
      expect(config.CustomHeadersConfig.Items).toEqual([
        { Header: 'Permissions-Policy', Value: PERMISSIONS_POLICY, Override: true },
      ]);
      expect(PERMISSIONS_POLICY).toContain('camera=()');
    }
  });

  it("give pages a strict CSP naming this deployment's sign-in endpoints and buckets", () => {
    const config = headersPolicies()[policyIdOf('page')]!;
    expect(config.SecurityHeadersConfig.ContentSecurityPolicy.Override).toBe(true);
    const policy = directivesOf(
      asText(config.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy),
    );
    expect([...policy.keys()]).toEqual([
      'default-src',
      'script-src',
      'style-src',
      'img-src',
      'media-src',
      'font-src',
      'connect-src',
      'frame-src',
      'worker-src',
      'manifest-src',
      'form-action',
      'frame-ancestors',
      'object-src',
      'base-uri',
      'upgrade-insecure-requests',
    ]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(
      expect.arrayContaining([
        "'self'",
        THEME_SCRIPT_HASH,
        EARLY_GALLERY_SCRIPT_HASH,
        EARLY_SHELL_SCRIPT_HASH,
      ]),
    );
    // Compiling WebAssembly (Find my photos) is the one 'unsafe' keyword: no eval, no inline script.
    expect(
      policy
        .get('script-src')!
        .filter((source) => source.includes('unsafe'))
        .sort(),
    ).toEqual(["'wasm-unsafe-eval'"]);

    const connect = policy.get('connect-src')!.join(' ');
    expect(connect).toContain('https://cognito-idp.<Ref:"AWS::Region">.<Ref:"AWS::URLSuffix">');
    const authId = stacks.auth.getLogicalId(stacks.auth.domain.node.defaultChild as never);
    expect(connect).toMatch(new RegExp(`https://<ImportValue:"[^"]*${authId}[^"]*">\\.auth\\.`));
    for (const name of ['originals', 'derived'] as const) {
      const bucketId = stacks.data.getLogicalId(stacks.data.buckets[name].node.defaultChild as never);
      const bucketSource = new RegExp(`https://<ImportValue:"[^"]*${bucketId}RegionalDomainName[^"]*">`);
      expect(connect).toMatch(bucketSource);
      expect(policy.get('img-src')!.join(' ')).toMatch(bucketSource);
    }
  });

  it('fits the policy into CloudFront at the longest values its references can take', () => {
    const config = headersPolicies()[policyIdOf('page')]!;
    const withReferences = asText(config.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy);
    // A region name (14 characters today; 20 allowed), the URL suffix (amazonaws.com.cn at most), a
    // Cognito domain prefix (63) and a bucket's regional host (a 63-character name, .s3.<region>.amazonaws.com).
    const longest = (reference: string) =>
      reference.includes('AWS::Region')
        ? 20
        : reference.includes('AWS::URLSuffix')
          ? 'amazonaws.com.cn'.length
          : reference.includes('RegionalDomainName')
            ? 63 + '.s3.'.length + 20 + '.amazonaws.com'.length
            : reference.includes('HostedUi')
              ? 63
              : Number.POSITIVE_INFINITY;
    const atLongest = withReferences.replace(/<[^>]+>/g, (reference) => 'x'.repeat(longest(reference)));
    expect(atLongest.length).toBeGreaterThan(1000);
    expect(atLongest.length).toBeLessThanOrEqual(CLOUDFRONT_CSP_MAX_LENGTH);
  });

  it('give API answers a CSP that lets them run, load and frame nothing', () => {
    const config = headersPolicies()[policyIdOf('api')]!;
    expect(config.SecurityHeadersConfig.ContentSecurityPolicy).toEqual({
      ContentSecurityPolicy: "default-src 'none'; frame-ancestors 'none'",
      Override: true,
    });
  });
});
