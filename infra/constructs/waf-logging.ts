/**
 * The web ACL's request logs (every request WAF inspected: time, client address, country, URI, the rule
 * that matched and the action), delivered by WAF to an S3 bucket of this stack and expired after
 * WAF_LOG_RETENTION. WAF delivers only to a bucket whose name starts with `aws-waf-logs-`, so this is the
 * one bucket of the app with a name we choose: the stack's name and the account make it unique.
 * The seller's ID token (the Authorization header) and cookies are redacted before anything is written.
 */
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { CfnLoggingConfiguration, type CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

/** WAF's required prefix for a log destination's name. */
export const WAF_LOG_BUCKET_PREFIX = 'aws-waf-logs-';

/** As long as the originals' access logs (data stack), for the same reason: a dispute's window, no more. */
export const WAF_LOG_RETENTION = Duration.days(180);

/** Headers never written to the logs: the seller's ID token, and any cookie. */
export const WAF_REDACTED_HEADERS = ['authorization', 'cookie'] as const;

/** S3 bucket names: at most 63 characters, lower case. */
const MAX_BUCKET_NAME = 63;
const ACCOUNT_ID_LENGTH = 12;

export interface WafLoggingProps {
  webAcl: CfnWebACL;
}

export class WafLogging extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string, props: WafLoggingProps) {
    super(scope, id);
    const stack = Stack.of(this);
    // `<prefix><stack name>-<account>`: a staging copy (another stack prefix) in the same account gets its own.
    const room = MAX_BUCKET_NAME - WAF_LOG_BUCKET_PREFIX.length - ACCOUNT_ID_LENGTH - 1;
    const stackPart = stack.stackName.toLowerCase().slice(0, room);
    this.bucket = new Bucket(this, 'Bucket', {
      bucketName: `${WAF_LOG_BUCKET_PREFIX}${stackPart}-${stack.account}`,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      versioned: false,
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [{ id: 'ExpireWafLogs', expiration: WAF_LOG_RETENTION }],
    });
    this.allowLogDelivery();
    const logging = new CfnLoggingConfiguration(this, 'Configuration', {
      resourceArn: props.webAcl.attrArn,
      logDestinationConfigs: [this.bucket.bucketArn],
      redactedFields: WAF_REDACTED_HEADERS.map((name) => ({ singleHeader: { Name: name } })),
    });
    // WAF checks the bucket policy when the configuration is created.
    logging.node.addDependency(this.bucket.policy!);
  }

  /**
   * The statements WAF's log delivery (`delivery.logs.amazonaws.com`) needs, written here: WAF would add
   * them itself, but to a policy CloudFormation owns and would overwrite on the next deploy. Only this
   * account's deliveries from this region.
   */
  private allowLogDelivery(): void {
    const { account, region, partition } = Stack.of(this);
    const principal = new ServicePrincipal('delivery.logs.amazonaws.com');
    const fromThisAccount = {
      StringEquals: { 'aws:SourceAccount': account },
      ArnLike: { 'aws:SourceArn': `arn:${partition}:logs:${region}:${account}:*` },
    };
    this.bucket.addToResourcePolicy(
      new PolicyStatement({
        sid: 'AWSLogDeliveryWrite',
        principals: [principal],
        actions: ['s3:PutObject'],
        resources: [this.bucket.arnForObjects(`AWSLogs/${account}/*`)],
        conditions: {
          ...fromThisAccount,
          StringEquals: { ...fromThisAccount.StringEquals, 's3:x-amz-acl': 'bucket-owner-full-control' },
        },
      }),
    );
    this.bucket.addToResourcePolicy(
      new PolicyStatement({
        sid: 'AWSLogDeliveryAclCheck',
        principals: [principal],
        actions: ['s3:GetBucketAcl'],
        resources: [this.bucket.bucketArn],
        conditions: fromThisAccount,
      }),
    );
  }
}
