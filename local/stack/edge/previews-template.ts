/**
 * What the local edge takes from the templates to serve `/previews/*` as CloudFront does after a deploy:
 * the behaviour's origin group (the derived bucket first, the API with its origin path and custom
 * headers when the bucket answers one of the failover statuses), its viewer-request function's code,
 * and what the bucket policy lets CloudFront read (the local edge reads the bucket as that principal).
 */
import { resourcesOfType, type CfnResource } from '@shutterlane/aws-standins/cloudformation/assembly';
import type { TemplateResolver } from '@shutterlane/aws-standins/cloudformation/resolver';
import type { PolicyStatement } from '@shutterlane/aws-standins/iam/types';

type Json = Record<string, unknown>;

export interface PreviewsBehaviorDefinition {
  pathPattern: string;
  /** The bucket the primary origin reads (from its regional domain name). */
  bucket: string;
  /** Statuses of the bucket's answer that send the request to the fallback origin. */
  failoverStatuses: number[];
  fallback: { originPath: string; headers: Record<string, string> };
  /** The viewer-request function's JavaScript (CloudFront Functions), if any. */
  viewerRequestCode?: string;
}

const CLOUDFRONT_SERVICE = 'cloudfront.amazonaws.com';

function distributionOf(resolver: TemplateResolver) {
  const [distribution, ...others] = resourcesOfType(resolver.assembly, 'AWS::CloudFront::Distribution');
  if (!distribution || others.length > 0)
    throw new Error('Expected one CloudFront distribution in the templates');
  const id = resolver.resolveString(distribution.stack, { 'Fn::GetAtt': [distribution.logicalId, 'Id'] });
  return {
    stack: distribution.stack,
    config: distribution.resource.Properties?.DistributionConfig as Json,
    arn: `arn:aws:cloudfront::${resolver.account.accountId}:distribution/${id}`,
  };
}

/** The distribution's ARN, as its origin requests name it to the bucket (AWS:SourceArn). */
export const distributionArn = (resolver: TemplateResolver): string => distributionOf(resolver).arn;

const items = (value: unknown): Json[] => ((value as { Items?: Json[] } | undefined)?.Items ?? []) as Json[];

/** The code of the function a behaviour runs on viewer requests (named by `Fn::GetAtt [id, FunctionARN]`). */
function viewerRequestCode(resolver: TemplateResolver, stack: string, behavior: Json): string | undefined {
  const association = ((behavior.FunctionAssociations ?? []) as Json[]).find(
    (candidate) => candidate.EventType === 'viewer-request',
  );
  if (!association) return undefined;
  const [logicalId] = (association.FunctionARN as { 'Fn::GetAtt'?: [string, string] })['Fn::GetAtt'] ?? [];
  const fn = resolver.assembly.stacks.get(stack)?.template.Resources[logicalId ?? ''] as
    CfnResource | undefined;
  const code = fn?.Properties?.FunctionCode;
  if (typeof code !== 'string')
    throw new Error(`The ${String(behavior.PathPattern)} behaviour's function has no code`);
  return code;
}

/** The behaviour serving `pathPattern` from an origin group of a bucket and an HTTP origin. */
export function previewsBehaviorOf(
  resolver: TemplateResolver,
  pathPattern: string,
): PreviewsBehaviorDefinition {
  const { stack, config } = distributionOf(resolver);
  const behavior = ((config.CacheBehaviors ?? []) as Json[]).find((b) => b.PathPattern === pathPattern);
  if (!behavior) throw new Error(`The distribution has no ${pathPattern} behaviour`);
  const group = items(config.OriginGroups).find((candidate) => candidate.Id === behavior.TargetOriginId);
  if (!group) throw new Error(`The ${pathPattern} behaviour's origin is not an origin group`);
  const [primaryId, fallbackId] = items(group.Members).map((member) => member.OriginId as string);
  const origins = (config.Origins ?? []) as Json[];
  const primary = origins.find((origin) => origin.Id === primaryId);
  const fallback = origins.find((origin) => origin.Id === fallbackId);
  if (!primary?.S3OriginConfig || !fallback)
    throw new Error(`The ${pathPattern} origin group must be a bucket, then an API`);
  const domain = resolver.resolveString(stack, primary.DomainName);
  const headers = resolver.resolve(stack, fallback.OriginCustomHeaders ?? []) as {
    HeaderName: string;
    HeaderValue: string;
  }[];
  const code = viewerRequestCode(resolver, stack, behavior);
  return {
    pathPattern,
    bucket: domain.slice(0, domain.indexOf('.s3.')),
    failoverStatuses: items(group.FailoverCriteria && (group.FailoverCriteria as Json).StatusCodes).map(
      Number,
    ),
    fallback: {
      originPath: (fallback.OriginPath as string | undefined) ?? '',
      headers: Object.fromEntries(
        headers.map((header) => [header.HeaderName.toLowerCase(), header.HeaderValue]),
      ),
    },
    ...(code !== undefined && { viewerRequestCode: code }),
  };
}

/** Whether a statement's conditions hold for a request CloudFront makes for this distribution. */
function holdsFor(condition: Json | undefined, distributionArn: string, accountId: string): boolean {
  if (!condition) return true;
  const values: Record<string, string> = { 'aws:sourcearn': distributionArn, 'aws:sourceaccount': accountId };
  return Object.entries(condition).every(([operator, tests]) =>
    Object.entries(tests as Record<string, string | string[]>).every(([key, expected]) => {
      const actual = values[key.toLowerCase()];
      const candidates = ([] as string[]).concat(expected);
      if (actual === undefined) return false;
      if (operator === 'StringEquals' || operator === 'ArnEquals') return candidates.includes(actual);
      if (operator === 'StringLike' || operator === 'ArnLike')
        return candidates.some((pattern) => wildcard(pattern).test(actual));
      return false; // An operator not understood here never grants (the stricter reading).
    }),
  );
}

const wildcard = (pattern: string): RegExp =>
  new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
  );

const grantsCloudFront = (statement: Json): boolean => {
  const service = (statement.Principal as { Service?: string | string[] } | undefined)?.Service;
  return ([] as string[]).concat(service ?? []).includes(CLOUDFRONT_SERVICE);
};

/**
 * What the buckets' policies allow CloudFront to do for this distribution, as identity statements (the
 * conditions checked here against the distribution's ARN and account, then dropped).
 */
export function cloudFrontStatements(resolver: TemplateResolver, distributionArn: string): PolicyStatement[] {
  return resourcesOfType(resolver.assembly, 'AWS::S3::BucketPolicy').flatMap(({ stack, resource }) => {
    const document = resolver.resolve(stack, resource.Properties?.PolicyDocument) as { Statement?: Json[] };
    return (document.Statement ?? [])
      .filter(grantsCloudFront)
      .filter(
        (statement) =>
          statement.Effect === 'Deny' ||
          holdsFor(statement.Condition as Json, distributionArn, resolver.account.accountId),
      )
      .map(({ Effect, Action, Resource }) => ({ Effect, Action, Resource }) as PolicyStatement);
  });
}
