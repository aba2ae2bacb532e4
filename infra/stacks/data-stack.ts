/**
 * Stateful resources: the DynamoDB tables of shared/platform/storage-layout.ts, the two photo buckets and
 * the bucket of the originals' server access logs. Retained on stack deletion; CloudFormation names them
 * (no fixed physical names), and the functions learn the names from environment variables.
 */
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, Table, type Attribute, type ITable } from 'aws-cdk-lib/aws-dynamodb';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  HttpMethods,
  StorageClass,
  type IBucket,
  type LifecycleRule,
} from 'aws-cdk-lib/aws-s3';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import {
  FACE_INDEX_PREFIX,
  SALES_EXPORT_PREFIX,
  LOGO_UPLOAD_PREFIX,
  OPTIMIZED_PREFIX,
  ORIGINALS_PREFIX,
  PREVIEWS_PREFIX,
  TABLES,
  type KeyAttr,
  type TableDef,
  type TableName,
} from '#shared/platform/storage-layout';
import type { BucketName } from '../constructs/function-access';
import { pascalCase, recordOf } from '../constructs/naming';
import type { DeploySettings } from './settings';

export interface DataStackProps extends StackProps {
  settings: DeploySettings;
}

function attribute(key: KeyAttr): Attribute {
  return { name: key.name, type: key.type === 'N' ? AttributeType.NUMBER : AttributeType.STRING };
}

/**
 * A gallery's packed face index (public galleries' Find my photos) is a copy of its faces table items,
 * rebuilt by the search whenever it is missing: expiring it a day after it was written keeps no face
 * data in S3 much past a gallery's end date (when searches stop and its items expire by TTL), at the
 * cost of one rebuild a day for a gallery still being searched.
 */
export const FACE_INDEX_EXPIRY = { prefix: FACE_INDEX_PREFIX, expiration: Duration.days(1) };

/** A logo file waits only between its upload and its processing: one never processed goes after a day. */
export const LOGO_UPLOAD_EXPIRY = { prefix: LOGO_UPLOAD_PREFIX, expiration: Duration.days(1) };

/** A sales export is downloaded at once, through a link signed for minutes: the file goes after a day. */
export const SALES_EXPORT_EXPIRY = { prefix: SALES_EXPORT_PREFIX, expiration: Duration.days(1) };

/**
 * Photos move to S3 Intelligent-Tiering the night after they are written: an object unread for 30 days
 * is billed at the Infrequent Access rate, unread for 90 days at the Archive Instant Access rate, and
 * read again it is back at the Frequent rate, with no retrieval fee and no wait (the optional archive
 * tiers, which need a restore, are never switched on). Originals are read when a customer downloads a
 * paid order and by a retried resize; the 2048 px copies by order pages, previews and the faces job:
 * which of them is read again, and when, nobody can say, so the per-object tiering is chosen over a rule
 * of days (docs/decisions.md, "Failures that show and storage that stays flat"). Objects under 128 KB
 * (most thumbnails) are not moved by S3's lifecycle, so only the two big kinds are named.
 */
export const PHOTO_TIERING: Record<'originals' | 'derived', LifecycleRule> = {
  originals: {
    id: 'OriginalsToIntelligentTiering',
    prefix: ORIGINALS_PREFIX,
    transitions: [{ storageClass: StorageClass.INTELLIGENT_TIERING, transitionAfter: Duration.days(0) }],
  },
  derived: {
    id: 'OptimizedToIntelligentTiering',
    prefix: OPTIMIZED_PREFIX,
    transitions: [{ storageClass: StorageClass.INTELLIGENT_TIERING, transitionAfter: Duration.days(0) }],
  },
};

/**
 * How long the originals' access logs are kept: past the 120 days in which card networks let a customer
 * dispute a payment, with time to answer, and no longer (each line holds a customer's IP address).
 */
export const ACCESS_LOG_RETENTION = Duration.days(180);

/** Where the originals bucket's server access logs land in the logs bucket. */
export const ORIGINALS_ACCESS_LOG_PREFIX = 'originals/';

export class DataStack extends Stack {
  readonly tables: Record<TableName, ITable>;
  readonly buckets: Record<BucketName, IBucket>;
  /** The originals bucket's server access logs: who read or wrote which original, kept ACCESS_LOG_RETENTION. */
  readonly accessLogs: Bucket;
  /** The paging-token secret: the one the settings name, or one generated here. Functions read it at run time. */
  readonly pagingTokenSecret: ISecret;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    this.tables = this.createTables();
    this.accessLogs = this.createAccessLogsBucket();
    const derived = this.createPhotoBucket('derived', props.settings);
    this.buckets = { originals: this.createPhotoBucket('originals', props.settings), derived };
    this.allowCloudFrontPreviews(derived);
    this.pagingTokenSecret = this.pagingSecret(props.settings);
    // `npm run invite -- --table <this>` mints the first invitation codes of a new deployment.
    new CfnOutput(this, 'InvitesTableName', {
      value: this.tables.invites.tableName,
      description: 'npm run invite -- --table <this value> mints invitation codes',
    });
  }

  private createTables(): Record<TableName, ITable> {
    return recordOf(Object.keys(TABLES) as TableName[], (name) => {
      const def: TableDef = TABLES[name];
      const table = new Table(this, `${pascalCase(name)}Table`, {
        partitionKey: attribute(def.partitionKey),
        ...(def.sortKey ? { sortKey: attribute(def.sortKey) } : {}),
        ...(def.ttlAttribute ? { timeToLiveAttribute: def.ttlAttribute } : {}),
        billingMode: BillingMode.PAY_PER_REQUEST,
        pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
        deletionProtection: true,
        removalPolicy: RemovalPolicy.RETAIN,
      });
      for (const index of def.indexes ?? []) {
        table.addGlobalSecondaryIndex({
          indexName: index.indexName,
          partitionKey: attribute(index.partitionKey),
          ...(index.sortKey ? { sortKey: attribute(index.sortKey) } : {}),
        });
      }
      return table;
    });
  }

  private createPhotoBucket(name: BucketName, settings: DeploySettings): Bucket {
    return new Bucket(this, `${pascalCase(name)}Bucket`, {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      versioned: false,
      removalPolicy: RemovalPolicy.RETAIN,
      // Browsers PUT originals with presigned URLs and GET photos the same way, from the site only.
      cors: [
        {
          allowedOrigins: [settings.siteUrl],
          allowedMethods: [HttpMethods.PUT, HttpMethods.GET, HttpMethods.HEAD],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: Duration.hours(1).toSeconds(),
        },
      ],
      // Interrupted browser uploads leave parts that cost money and are never completed.
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        ...(name === 'derived' ? [FACE_INDEX_EXPIRY, SALES_EXPORT_EXPIRY] : [LOGO_UPLOAD_EXPIRY]),
        PHOTO_TIERING[name],
      ],
      // Every request on an original (a paid order's download, an upload, a resize's read) is logged.
      ...(name === 'originals' && {
        serverAccessLogsBucket: this.accessLogs,
        serverAccessLogsPrefix: ORIGINALS_ACCESS_LOG_PREFIX,
      }),
    });
  }

  /**
   * S3 server access logs of the originals bucket (docs/decisions.md, "Failures that show and storage that
   * stays flat"): S3 writes them best-effort, for nothing but their storage. S3-managed encryption, as
   * log delivery requires; CDK adds the statement letting S3's logging service write under the prefix.
   */
  private createAccessLogsBucket(): Bucket {
    return new Bucket(this, 'AccessLogsBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      versioned: false,
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [{ id: 'ExpireAccessLogs', expiration: ACCESS_LOG_RETENTION }],
    });
  }

  /**
   * CloudFront (origin access control) reads public galleries' watermarked previews, and nothing else of
   * the bucket. The distribution lives in the site stack, which depends on this one, so the statement
   * names this account's distributions rather than the one distribution (its ARN would be a reference
   * back to the site stack: a cycle). No other principal gains anything.
   */
  private allowCloudFrontPreviews(bucket: Bucket): void {
    bucket.addToResourcePolicy(
      new PolicyStatement({
        sid: 'CloudFrontReadsPreviews',
        principals: [new ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [bucket.arnForObjects(`${PREVIEWS_PREFIX}*`)],
        conditions: {
          StringLike: { 'AWS:SourceArn': `arn:${this.partition}:cloudfront::${this.account}:distribution/*` },
        },
      }),
    );
  }

  private pagingSecret(settings: DeploySettings): ISecret {
    const named = settings.secrets.pagingTokenSecret;
    if (named !== undefined) return Secret.fromSecretNameV2(this, 'NamedPagingTokenSecret', named);
    return new Secret(this, 'PagingTokenSecret', {
      description: 'Signs the opaque nextToken of paged lists (never a raw DynamoDB key)',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}
