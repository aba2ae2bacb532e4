/**
 * `/previews/*` on the site: public galleries' watermarked previews served like static files
 * (docs/decisions.md, "Previews served like static files"). CloudFront reads them from the derived
 * bucket (origin access control, the `previews/` prefix only: the data stack's bucket policy) and
 * caches them; a preview not made yet (the bucket answers 403 or 404) fails over to the API's preview
 * route, which makes it, stores it and answers it. A viewer-request function refuses a folder past its
 * closing time (the path carries it: shared/contract/preview-paths.ts) before any cache or origin is asked.
 */
import { Duration } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  OriginProtocolPolicy,
  ViewerProtocolPolicy,
  type BehaviorOptions,
  type IResponseHeadersPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, OriginGroup, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Bucket, type IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { API_BASE } from '#shared/contract/route-paths';
import { NEVER_CLOSES, PREVIEWS_ROOT } from '#shared/contract/preview-paths';

/** The behaviour's path pattern. */
export const PREVIEWS_PATH_PATTERN = `${PREVIEWS_ROOT}*`;

/** What the bucket answers for a preview not made yet: 403 without list rights, 404 with them. */
export const PREVIEW_FALLBACK_STATUS_CODES = [403, 404];

/**
 * The viewer-request function (CloudFront Functions, JavaScript 2.0): a path that is not a preview's
 * (`/previews/{publicId}/{closes}/{secret}/{photoId}/{file}`) or whose closing time has passed answers
 * 404 at once. Read by the local edge from the template and run there the same way.
 */
export const PREVIEW_GATE_CODE = `function handler(event) {
  var parts = event.request.uri.split('/');
  var closes = parts[3];
  var shaped = parts.length === 7 && parts[1] === '${PREVIEWS_ROOT.slice(1, -1)}' && /^[A-Za-z0-9_-]{8,64}$/.test(parts[2]);
  var open = closes === '${NEVER_CLOSES}' || (/^[0-9]{1,12}$/.test(closes) && Date.now() < Number(closes) * 1000);
  if (!shaped || !open) return { statusCode: 404, statusDescription: 'Not Found' };
  return event.request;
}`;

export interface PreviewsBehaviorProps {
  /** The derived bucket (of the data stack): imported here, so its policy stays the data stack's. */
  derivedBucket: IBucket;
  apiDomainName: string;
  /** The origin-verify header the API checks, as the API origin sends it. */
  apiOriginHeaders: Record<string, string>;
  responseHeadersPolicy: IResponseHeadersPolicy;
}

export class PreviewsBehavior extends Construct {
  readonly behavior: BehaviorOptions;

  constructor(scope: Construct, id: string, props: PreviewsBehaviorProps) {
    super(scope, id);
    // Imported by name: CDK then leaves the bucket policy alone (a statement naming this distribution
    // would make the data stack depend on the site stack). The data stack grants CloudFront the prefix.
    const bucket = Bucket.fromBucketAttributes(this, 'DerivedBucket', {
      bucketName: props.derivedBucket.bucketName,
      bucketArn: props.derivedBucket.bucketArn,
      bucketRegionalDomainName: props.derivedBucket.bucketRegionalDomainName,
    });
    const gate = new CloudFrontFunction(this, 'PreviewGate', {
      code: FunctionCode.fromInline(PREVIEW_GATE_CODE),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Previews: refuse a closed gallery and any other path',
    });
    const origin = new OriginGroup({
      primaryOrigin: S3BucketOrigin.withOriginAccessControl(bucket),
      // The API's stage is the path prefix: `/previews/...` reaches the route `/api/previews/...`.
      fallbackOrigin: new HttpOrigin(props.apiDomainName, {
        originPath: API_BASE,
        protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
        readTimeout: Duration.seconds(30),
        customHeaders: props.apiOriginHeaders,
      }),
      fallbackStatusCodes: PREVIEW_FALLBACK_STATUS_CODES,
    });
    this.behavior = {
      origin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      // Keyed by the path alone (every access change is a new path); TTL from the objects' s-maxage.
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: props.responseHeadersPolicy,
      // WebP is compressed already.
      compress: false,
      functionAssociations: [{ function: gate, eventType: FunctionEventType.VIEWER_REQUEST }],
    };
  }
}
