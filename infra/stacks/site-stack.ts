/**
 * The public entry point: one CloudFront distribution serving the SPA from a private bucket
 * (Origin Access Control) and forwarding `/api/*` unchanged to the HTTP API's `api` stage, so the
 * browser talks to a single origin (no CORS, cookies and tokens stay first-party). Every answer carries
 * the security headers of shared/platform/security-headers.ts, built here from this deployment's origins.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Annotations, Aws, CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
  type BehaviorOptions,
  type IResponseHeadersPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, type IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import {
  API_CONTENT_SECURITY_POLICY,
  contentSecurityPolicy,
  FRAME_OPTIONS,
  GOOGLE_TAG,
  HSTS,
  META_PIXEL,
  PERMISSIONS_POLICY,
  RECAPTCHA,
  REFERRER_POLICY,
  sanityContent,
  STRIPE_PRICING_TABLE,
  type SiteOrigins,
} from '#shared/platform/security-headers';
import { ORIGIN_VERIFY_HEADER } from '#shared/platform/origin-verify-header';
import { REPO_ROOT } from '../constructs/app-function';
import { PREVIEWS_PATH_PATTERN, PreviewsBehavior } from '../constructs/previews-behavior';
import { API_STAGE_NAME } from './api-stack';
import type { DeploySettings } from './settings';

/** The SPA build output; deployed only when it exists at synth time (`npm run build` first). */
export const WEB_DIST = join(REPO_ROOT, 'web', 'dist');

/**
 * Client-side routes (no file extension) get index.html. Done per request on the SPA behaviour
 * only: distribution-wide 403/404 error pages would also rewrite the API's own 403/404 answers
 * (e.g. an unknown order) into index.html with status 200.
 */
const SPA_FALLBACK_CODE = `function handler(event) {
  var request = event.request;
  if (!/\\.[A-Za-z0-9]+$/.test(request.uri)) request.uri = '/index.html';
  return request;
}`;

/**
 * Build files at fixed names whose content changes with each build: deployed with the entry, never
 * cached. The sitemap and robots.txt come from web/scripts/sitemap.ts; the service workers keep their
 * names (a registered worker is looked up by URL), so a cached copy would outlive a fix, and the seller
 * app's (web/scripts/seller-app.ts) lists each build's files; its web app manifest goes with it. (The
 * manifest's icons stay with the hashed assets, as favicon.svg they are drawn from: a folder here would
 * be left out of both deployments.)
 */
export const UNVERSIONED_FILES = [
  'index.html',
  'sitemap.xml',
  'robots.txt',
  'zip-download-sw.js',
  'seller-sw.js',
  'manifest.webmanifest',
] as const;

/** The SPA's run-time settings file and the construct that deploys it (the local stack reads both). */
export const RUNTIME_CONFIG_FILE = 'runtime-config.json';
export const RUNTIME_CONFIG_DEPLOYMENT_ID = 'DeployRuntimeConfig';

/** What the pages reach outside the site, as the auth and data stacks created it. */
export interface SitePageReach {
  /** The hosted sign-in's base URL, `https://<prefix>.auth.<region>.amazoncognito.com`. */
  hostedUiBaseUrl: string;
  /** The photo buckets, whose presigned URLs the pages PUT uploads to and GET photos from. */
  photoBuckets: IBucket[];
  /** The Sanity project the build reads content from, when it is not the bundled content API. */
  sanityProjectId?: string;
}

export interface SiteStackProps extends StackProps {
  settings: DeploySettings;
  /** The execute-api host of the HTTP API. */
  apiDomainName: string;
  /** The value CloudFront sends the API in the origin-verify header (the API refuses requests without it). */
  originVerifySecret: ISecret;
  /** The derived bucket, whose `previews/` CloudFront serves at `/previews/*`. */
  derivedBucket: IBucket;
  /** The deployment's origins for the pages' Content-Security-Policy. */
  pageReach: SitePageReach;
  /** Public, non-secret values the SPA may read at run time from `/runtime-config.json`. */
  runtimeConfig: Record<string, string>;
  /** Defaults to web/dist under the repository; tests point it elsewhere. */
  webDist?: string;
}

/** CloudFront's quota on a response headers policy's Content-Security-Policy value (raisable on request). */
export const CLOUDFRONT_CSP_MAX_LENGTH = 1783;

/**
 * The longest values the policy's references can resolve to: region names have 14 characters today (20
 * leaves room), bucket names and Cognito domain prefixes at most 63, the China partition's URL suffix.
 */
const LONGEST = { region: 'r'.repeat(20), name: 'n'.repeat(63), urlSuffix: 'amazonaws.com.cn' };

/**
 * The pages' origins in AWS. The SPA bundle holds code for reCAPTCHA, Stripe's pricing table and, after
 * consent, the Google tag and the Meta pixel whichever build settings turn them on (those are build time,
 * this is deploy time), so their vendors' sources are always listed.
 */
function awsPageOrigins(reach: {
  region: string;
  urlSuffix: string;
  hostedUiBaseUrl: string;
  bucketDomainNames: string[];
  sanityProjectId?: string;
}): SiteOrigins {
  return {
    https: true,
    cognito: `https://cognito-idp.${reach.region}.${reach.urlSuffix}`,
    hostedSignIn: reach.hostedUiBaseUrl,
    buckets: reach.bucketDomainNames.map((domain) => `https://${domain}`),
    captcha: RECAPTCHA,
    stripe: STRIPE_PRICING_TABLE,
    analytics: [GOOGLE_TAG, META_PIXEL],
    ...(reach.sanityProjectId !== undefined && { content: sanityContent(reach.sanityProjectId) }),
  };
}

/** The pages' policy with this stack's references, after checking that it fits CloudFront at any value. */
function pageContentSecurityPolicy(stack: Stack, reach: SitePageReach): string {
  const longest = contentSecurityPolicy(
    awsPageOrigins({
      region: LONGEST.region,
      urlSuffix: LONGEST.urlSuffix,
      hostedUiBaseUrl: `https://${LONGEST.name}.auth.${LONGEST.region}.amazoncognito.com`,
      bucketDomainNames: reach.photoBuckets.map(() => `${LONGEST.name}.s3.${LONGEST.region}.amazonaws.com`),
      sanityProjectId: reach.sanityProjectId,
    }),
  );
  if (longest.length > CLOUDFRONT_CSP_MAX_LENGTH) {
    throw new Error(
      `The Content-Security-Policy can reach ${longest.length} characters, over CloudFront's ${CLOUDFRONT_CSP_MAX_LENGTH}`,
    );
  }
  return contentSecurityPolicy(
    awsPageOrigins({
      region: stack.region,
      urlSuffix: Aws.URL_SUFFIX,
      hostedUiBaseUrl: reach.hostedUiBaseUrl,
      bucketDomainNames: reach.photoBuckets.map((bucket) => bucket.bucketRegionalDomainName),
      sanityProjectId: reach.sanityProjectId,
    }),
  );
}

/** The module's values as CloudFront's enums (the same strings), failing loudly if one ever is not. */
function cloudFrontEnum<T extends string>(values: Record<string, T>, value: string): T {
  const match = Object.values(values).find((candidate) => candidate === value);
  if (match === undefined) throw new Error(`CloudFront has no setting for "${value}"`);
  return match;
}

export class SiteStack extends Stack {
  readonly distribution: Distribution;
  readonly siteBucket: Bucket;
  /** The headers of the SPA's pages and files, and of the API's answers. */
  readonly pageHeaders: ResponseHeadersPolicy;
  readonly apiHeaders: ResponseHeadersPolicy;

  constructor(scope: Construct, id: string, props: SiteStackProps) {
    super(scope, id, props);
    this.siteBucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      // Only build output lives here; every deploy writes it again.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });
    this.pageHeaders = this.securityHeaders('PageHeaders', pageContentSecurityPolicy(this, props.pageReach));
    this.apiHeaders = this.securityHeaders('ApiHeaders', API_CONTENT_SECURITY_POLICY);
    this.distribution = this.createDistribution(props);
    // The previews' bucket is imported on purpose: the data stack's policy grants CloudFront its prefix.
    Annotations.of(this.distribution).acknowledgeWarning(
      '@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac',
      'The data stack grants CloudFront GetObject on previews/* (a statement naming this distribution would be a cycle)',
    );
    const webDist = props.webDist ?? WEB_DIST;
    const spa = existsSync(webDist) ? this.deploySpa(webDist) : undefined;
    this.deployRuntimeConfig(props.runtimeConfig, spa);
    new CfnOutput(this, 'DistributionDomainName', { value: this.distribution.distributionDomainName });
    new CfnOutput(this, 'DistributionId', { value: this.distribution.distributionId });
  }

  /**
   * Our own policy (the managed SECURITY_HEADERS one allows framing by the same origin and has no CSP),
   * overriding whatever an origin sends. Permissions-Policy has no field of its own: a custom header.
   */
  private securityHeaders(id: string, contentSecurity: string): ResponseHeadersPolicy {
    return new ResponseHeadersPolicy(this, id, {
      comment: `Shutterlane ${id === 'ApiHeaders' ? 'API answers' : 'pages'}: shared/platform/security-headers.ts`,
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurity, override: true },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(HSTS.maxAgeSeconds),
          includeSubdomains: HSTS.includeSubDomains,
          preload: HSTS.preload,
          override: true,
        },
        frameOptions: { frameOption: cloudFrontEnum(HeadersFrameOption, FRAME_OPTIONS), override: true },
        contentTypeOptions: { override: true },
        referrerPolicy: {
          referrerPolicy: cloudFrontEnum(HeadersReferrerPolicy, REFERRER_POLICY),
          override: true,
        },
      },
      customHeadersBehavior: {
        customHeaders: [{ header: 'Permissions-Policy', value: PERMISSIONS_POLICY, override: true }],
      },
    });
  }

  private createDistribution(props: SiteStackProps): Distribution {
    const { settings } = props;
    const spaFallback = new CloudFrontFunction(this, 'SpaFallback', {
      code: FunctionCode.fromInline(SPA_FALLBACK_CODE),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Serve index.html for client-side routes',
    });
    const customDomain = settings.certificateArn
      ? {
          domainNames: [settings.siteDomain],
          certificate: Certificate.fromCertificateArn(this, 'SiteCertificate', settings.certificateArn),
          minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
        }
      : {};
    const apiOrigin = this.apiOrigin(props.apiDomainName, props.originVerifySecret);
    const previews = new PreviewsBehavior(this, 'Previews', {
      derivedBucket: props.derivedBucket,
      apiDomainName: props.apiDomainName,
      apiOriginHeaders: this.apiOriginHeaders(props.originVerifySecret),
      responseHeadersPolicy: this.apiHeaders,
    });
    return new Distribution(this, 'Distribution', {
      comment: 'Shutterlane: SPA and /api',
      // The us-east-1 edge stack's web ACL (rate limits, common rule set), when the settings name it.
      ...(settings.webAclArn !== undefined && { webAclId: settings.webAclArn }),
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      ...customDomain,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.siteBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.pageHeaders,
        compress: true,
        functionAssociations: [{ function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      // Evaluated in this order: the cacheable content API before the rest of the API.
      additionalBehaviors: {
        [PREVIEWS_PATH_PATTERN]: previews.behavior,
        [`/${API_STAGE_NAME}/content/*`]: this.contentBehavior(apiOrigin, this.apiHeaders),
        [`/${API_STAGE_NAME}/*`]: this.apiBehavior(apiOrigin, this.apiHeaders),
      },
    });
  }

  /**
   * The API, with the origin-verify header on every request CloudFront sends it (overwriting any a viewer
   * sent). Its value is a dynamic reference CloudFormation resolves at deploy time: it is in the
   * distribution's configuration, never in a function's; a new value needs a deploy of this stack.
   */
  private apiOrigin(apiDomainName: string, originVerifySecret: ISecret): HttpOrigin {
    return new HttpOrigin(apiDomainName, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      readTimeout: Duration.seconds(30),
      customHeaders: this.apiOriginHeaders(originVerifySecret),
    });
  }

  private apiOriginHeaders(originVerifySecret: ISecret): Record<string, string> {
    return { [ORIGIN_VERIFY_HEADER]: originVerifySecret.secretValue.unsafeUnwrap() };
  }

  /**
   * The bundled content API (public, read-only, the same for everyone): cached at the edge for as long
   * as its Cache-Control allows, keyed on the whole query string (GROQ query, parameters, w and h),
   * so a query or an image size is computed once per edge and TTL. Of the viewer's headers only Accept
   * is forwarded and keyed on: an image asked for with `auto=format` is WebP for browsers that accept
   * it (the answer says `Vary: Accept`); a few browser families send a few Accept values. No cookie is
   * forwarded.
   */
  private contentBehavior(origin: HttpOrigin, headers: IResponseHeadersPolicy): BehaviorOptions {
    const cachePolicy = new CachePolicy(this, 'ContentCachePolicy', {
      comment: 'Content API: keyed on the query string, TTL from the origin',
      queryStringBehavior: CacheQueryStringBehavior.all(),
      headerBehavior: CacheHeaderBehavior.allowList('Accept'),
      cookieBehavior: CacheCookieBehavior.none(),
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.minutes(5),
      maxTtl: Duration.days(1),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    return {
      origin,
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      // POST: @sanity/client posts queries too long for a URL (never cached).
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy,
      responseHeadersPolicy: headers,
      compress: true,
    };
  }

  /**
   * Caching disabled and every viewer header but Host forwarded: with caching off, CloudFront
   * passes Authorization (the seller's JWT) and Stripe-Signature through; Host must be the
   * execute-api host or API Gateway rejects the request.
   */
  private apiBehavior(origin: HttpOrigin, headers: IResponseHeadersPolicy): BehaviorOptions {
    return {
      origin,
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: headers,
    };
  }

  /**
   * Hashed assets first, cached for a year and never pruned (an open tab may still load old
   * chunks); then index.html, the sitemap and robots.txt, never cached, with an invalidation.
   */
  private deploySpa(webDist: string): BucketDeployment {
    const assets = new BucketDeployment(this, 'DeploySpaAssets', {
      sources: [Source.asset(webDist, { exclude: [...UNVERSIONED_FILES] })],
      destinationBucket: this.siteBucket,
      prune: false,
      cacheControl: [
        CacheControl.setPublic(),
        CacheControl.maxAge(Duration.days(365)),
        CacheControl.immutable(),
      ],
    });
    const entry = new BucketDeployment(this, 'DeploySpaEntry', {
      sources: [Source.asset(webDist, { exclude: ['*', ...UNVERSIONED_FILES.map((file) => `!${file}`)] })],
      destinationBucket: this.siteBucket,
      prune: false,
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: UNVERSIONED_FILES.map((file) => `/${file}`),
    });
    entry.node.addDependency(assets);
    return entry;
  }

  /**
   * `/runtime-config.json`: what the SPA reads at run time to sign in (pool, client, hosted UI),
   * never cached. Deployed with or without a SPA build, so the local stack serves the same file.
   */
  private deployRuntimeConfig(runtimeConfig: Record<string, string>, after?: BucketDeployment): void {
    const deployment = new BucketDeployment(this, RUNTIME_CONFIG_DEPLOYMENT_ID, {
      sources: [Source.jsonData(RUNTIME_CONFIG_FILE, runtimeConfig)],
      destinationBucket: this.siteBucket,
      prune: false,
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: [`/${RUNTIME_CONFIG_FILE}`],
    });
    if (after) deployment.node.addDependency(after);
  }
}
