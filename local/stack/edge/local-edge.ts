/**
 * Starts the local edge from the synthesized templates: the web ACL's rules (Stripe's webhook path open
 * to the IP set's addresses only, the rate rules), the API origin's
 * custom headers (the origin-verify secret, resolved from the local Secrets Manager's value), and the
 * `/previews/*` behaviour (its bucket read as CloudFront, with what the bucket policy grants it).
 */
import { PREVIEWS_PATH_PATTERN } from '../../../infra/constructs/previews-behavior';
import type { TemplateResolver } from '@shutterlane/aws-standins/cloudformation/resolver';
import { serviceIdentity } from '../functions/credentials';
import type { LocalIdentity } from '@shutterlane/aws-standins/iam/types';
import { bucketOrigin } from './bucket-origin';
import { viewerRequestFunction } from './cloudfront-function';
import type { PreviewsOrigin } from './previews';
import { cloudFrontStatements, distributionArn, previewsBehaviorOf } from './previews-template';
import { startEdge, type Edge } from './server';
import { apiOriginHeaders, edgeRulesOf } from './template';

export interface LocalEdgeOptions {
  port: number;
  /** The local gateway's origin. */
  origin: string;
  /** The S3 stand-in's URL, which the previews' bucket origin reads. */
  s3Url: string;
  /** CloudFront's identity (cloudFrontIdentity), which the stand-ins must know. */
  identity: LocalIdentity;
  log?: (line: string) => void;
}

/** CloudFront as the buckets see it: the bucket policies' statements for this distribution. */
export function cloudFrontIdentity(resolver: TemplateResolver): LocalIdentity {
  const arn = distributionArn(resolver);
  return serviceIdentity('cloudfront.amazonaws.com', arn, cloudFrontStatements(resolver, arn));
}

function previewsOrigin(resolver: TemplateResolver, options: LocalEdgeOptions): PreviewsOrigin {
  const behavior = previewsBehaviorOf(resolver, PREVIEWS_PATH_PATTERN);
  return {
    pathPrefix: behavior.pathPattern.replace(/\*$/, ''),
    ...(behavior.viewerRequestCode && { viewerRequest: viewerRequestFunction(behavior.viewerRequestCode) }),
    readObject: bucketOrigin({
      endpoint: options.s3Url,
      region: resolver.account.region,
      bucket: behavior.bucket,
      credentials: options.identity,
    }),
    failoverStatuses: behavior.failoverStatuses,
    fallback: behavior.fallback,
  };
}

export async function startLocalEdge(resolver: TemplateResolver, options: LocalEdgeOptions): Promise<Edge> {
  const { blockRules, rateRules, notApplied } = edgeRulesOf(resolver);
  if (notApplied.length > 0)
    options.log?.(`Edge: WAF rules not applied locally (managed rule groups): ${notApplied.join(', ')}`);
  return startEdge({
    port: options.port,
    origin: options.origin,
    originHeaders: apiOriginHeaders(resolver),
    rateRules,
    blockRules,
    previews: previewsOrigin(resolver, options),
  });
}
