/**
 * The public entry point: one CloudFront distribution serving the SPA from a private bucket
 * (Origin Access Control) and forwarding `/api/*` unchanged to the HTTP API's `api` stage, so the
 * browser talks to a single origin (no CORS, cookies and tokens stay first-party).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
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
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
  type BehaviorOptions,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { REPO_ROOT } from '../constructs/app-function';
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
 * cached. The sitemap and robots.txt come from web/scripts/sitemap.ts; the ZIP download's service
 * worker keeps its name (a registered worker is looked up by URL), so a cached copy would outlive a fix.
 */
export const UNVERSIONED_FILES = ['index.html', 'sitemap.xml', 'robots.txt', 'zip-download-sw.js'] as const;

/** The SPA's run-time settings file and the construct that deploys it (the local stack reads both). */
export const RUNTIME_CONFIG_FILE = 'runtime-config.json';
export const RUNTIME_CONFIG_DEPLOYMENT_ID = 'DeployRuntimeConfig';

export interface SiteStackProps extends StackProps {
  settings: DeploySettings;
  /** The execute-api host of the HTTP API. */
  apiDomainName: string;
  /** Public, non-secret values the SPA may read at run time from `/runtime-config.json`. */
  runtimeConfig: Record<string, string>;
  /** Defaults to web/dist under the repository; tests point it elsewhere. */
  webDist?: string;
}

export class SiteStack extends Stack {
  readonly distribution: Distribution;
  readonly siteBucket: Bucket;

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
    this.distribution = this.createDistribution(props);
    const webDist = props.webDist ?? WEB_DIST;
    const spa = existsSync(webDist) ? this.deploySpa(webDist) : undefined;
    this.deployRuntimeConfig(props.runtimeConfig, spa);
    new CfnOutput(this, 'DistributionDomainName', { value: this.distribution.distributionDomainName });
    new CfnOutput(this, 'DistributionId', { value: this.distribution.distributionId });
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
    const apiOrigin = this.apiOrigin(props.apiDomainName);
    return new Distribution(this, 'Distribution', {
      comment: 'Shutterlane: SPA and /api',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      ...customDomain,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.siteBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: ResponseHeadersPolicy.SECURITY_HEADERS,
        compress: true,
        functionAssociations: [{ function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      // Evaluated in this order: the cacheable content API before the rest of the API.
      additionalBehaviors: {
        [`/${API_STAGE_NAME}/content/*`]: this.contentBehavior(apiOrigin),
        [`/${API_STAGE_NAME}/*`]: this.apiBehavior(apiOrigin),
      },
    });
  }

  private apiOrigin(apiDomainName: string): HttpOrigin {
    return new HttpOrigin(apiDomainName, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      readTimeout: Duration.seconds(30),
    });
  }

  /**
   * The bundled content API (public, read-only, the same for everyone): cached at the edge for as long
   * as its Cache-Control allows, keyed on the whole query string (GROQ query, parameters, w and h),
   * so a query or an image size is computed once per edge and TTL. No viewer header or cookie is
   * forwarded, so none can vary the answer.
   */
  private contentBehavior(origin: HttpOrigin): BehaviorOptions {
    const cachePolicy = new CachePolicy(this, 'ContentCachePolicy', {
      comment: 'Content API: keyed on the query string, TTL from the origin',
      queryStringBehavior: CacheQueryStringBehavior.all(),
      headerBehavior: CacheHeaderBehavior.none(),
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
      responseHeadersPolicy: ResponseHeadersPolicy.SECURITY_HEADERS,
      compress: true,
    };
  }

  /**
   * Caching disabled and every viewer header but Host forwarded: with caching off, CloudFront
   * passes Authorization (the seller's JWT) and Stripe-Signature through; Host must be the
   * execute-api host or API Gateway rejects the request.
   */
  private apiBehavior(origin: HttpOrigin): BehaviorOptions {
    return {
      origin,
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: ResponseHeadersPolicy.SECURITY_HEADERS,
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
