/**
 * Storage that stays flat and failures that show, as synthesized: originals and 2048 px copies move to
 * Intelligent-Tiering (its instant tiers only), the originals bucket writes server access logs to a
 * bucket that expires them, the web ACL logs to an `aws-waf-logs-` bucket that expires them too, and a
 * daily schedule starts the sweep of previews no customer can be shown. The S3 stand-in runs no
 * lifecycle rule and writes no access log, nothing local delivers WAF logs or runs EventBridge
 * schedules: the rules and configurations themselves are what can be checked here (the sweep itself
 * runs through the stand-ins in test/integration/preview-sweep.test.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PreviewJob } from '../../functions/domains/public-galleries/preview-jobs';
import { OPTIMIZED_PREFIX, ORIGINALS_PREFIX } from '#shared/platform/storage-layout';
import { WAF_LOG_BUCKET_PREFIX, WAF_REDACTED_HEADERS } from '../../infra/constructs/waf-logging';
import { ORIGINALS_ACCESS_LOG_PREFIX } from '../../infra/stacks/data-stack';
import type { ShutterlaneStacks } from '../../infra/stacks/shutterlane';
import { mentions, resourcesOf, synthesize, SYNTH_TIMEOUT_MS, templateOf } from './fixture';

type Json = Record<string, unknown>;
interface Rule {
  Id?: string;
  Prefix?: string;
  Status: string;
  ExpirationInDays?: number;
  Transitions?: { StorageClass: string; TransitionInDays: number }[];
}

let stacks: ShutterlaneStacks;

beforeAll(() => {
  stacks = synthesize();
}, SYNTH_TIMEOUT_MS);

/** The one bucket of the stack whose logical id starts with `idPrefix`, with its id. */
function bucket(stack: keyof ShutterlaneStacks, idPrefix: string): { id: string; properties: Json } {
  const found = Object.entries(resourcesOf(templateOf(stacks[stack] as never), 'AWS::S3::Bucket')).filter(
    ([id]) => id.startsWith(idPrefix),
  );
  expect(found, idPrefix).toHaveLength(1);
  return { id: found[0]![0], properties: found[0]![1].Properties! };
}

const rulesOf = (properties: Json): Rule[] => (properties.LifecycleConfiguration as { Rules: Rule[] }).Rules;

/** The bucket policy statements of the bucket with logical id `bucketId`. */
function statementsFor(stack: keyof ShutterlaneStacks, bucketId: string): Json[] {
  const policies = Object.values(resourcesOf(templateOf(stacks[stack] as never), 'AWS::S3::BucketPolicy'));
  const policy = policies.find((candidate) => mentions(candidate.Properties!.Bucket, bucketId));
  expect(policy, `policy of ${bucketId}`).toBeDefined();
  return (policy!.Properties!.PolicyDocument as { Statement: Json[] }).Statement;
}

describe('photos in Intelligent-Tiering', () => {
  it.each([
    ['OriginalsBucket', ORIGINALS_PREFIX],
    ['DerivedBucket', OPTIMIZED_PREFIX],
  ])('%s moves everything under %s to INTELLIGENT_TIERING the night after it is written', (id, prefix) => {
    const tiering = rulesOf(bucket('data', id).properties).filter((rule) => rule.Transitions);
    expect(tiering).toEqual([
      expect.objectContaining({
        Prefix: prefix,
        Status: 'Enabled',
        Transitions: [{ StorageClass: 'INTELLIGENT_TIERING', TransitionInDays: 0 }],
      }),
    ]);
  });

  it('switches on no archive tier (reads stay instant) and expires no original or copy', () => {
    for (const id of ['OriginalsBucket', 'DerivedBucket']) {
      const { properties } = bucket('data', id);
      expect(properties.IntelligentTieringConfigurations).toBeUndefined();
      const expiring = rulesOf(properties).filter((rule) => rule.ExpirationInDays !== undefined);
      expect(expiring.map((rule) => rule.Prefix)).not.toContain(ORIGINALS_PREFIX);
      expect(expiring.map((rule) => rule.Prefix)).not.toContain(OPTIMIZED_PREFIX);
      expect(expiring.every((rule) => rule.Prefix !== undefined)).toBe(true);
    }
  });
});

describe("the originals' server access logs", () => {
  it('are written by the originals bucket only, under their prefix, to the access logs bucket', () => {
    const logs = bucket('data', 'AccessLogsBucket');
    expect(bucket('data', 'OriginalsBucket').properties.LoggingConfiguration).toEqual({
      DestinationBucketName: { Ref: logs.id },
      LogFilePrefix: ORIGINALS_ACCESS_LOG_PREFIX,
    });
    expect(bucket('data', 'DerivedBucket').properties.LoggingConfiguration).toBeUndefined();
    expect(logs.properties.LoggingConfiguration).toBeUndefined();
  });

  it('are kept 180 days, in a private, encrypted bucket that only S3 logging of this account writes to', () => {
    const logs = bucket('data', 'AccessLogsBucket');
    expect(rulesOf(logs.properties)).toEqual([
      expect.objectContaining({ ExpirationInDays: 180, Status: 'Enabled' }),
    ]);
    expect(logs.properties.BucketEncryption).toEqual({
      ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
    });
    const statements = statementsFor('data', logs.id);
    const allows = statements.filter((statement) => statement.Effect === 'Allow');
    expect(allows).toHaveLength(1);
    expect(allows[0]).toMatchObject({
      Principal: { Service: 'logging.s3.amazonaws.com' },
      Action: 's3:PutObject',
    });
    expect(JSON.stringify(allows[0])).toContain('aws:SourceAccount');
    expect(JSON.stringify(allows[0])).toContain(ORIGINALS_ACCESS_LOG_PREFIX);
    expect(JSON.stringify(statements)).toContain('"aws:SecureTransport":"false"');
  });
});

describe("the web ACL's logs", () => {
  const edge = () => templateOf(stacks.edge);

  it('go to a bucket named aws-waf-logs-…, unique to the stack and account, expired after 180 days', () => {
    const logs = bucket('edge', 'WafLogsBucket');
    const name = JSON.stringify(logs.properties.BucketName);
    expect(name).toContain(`${WAF_LOG_BUCKET_PREFIX}shutterlane-edge-`);
    expect(name).toContain('AWS::AccountId');
    expect(rulesOf(logs.properties)).toEqual([
      expect.objectContaining({ ExpirationInDays: 180, Status: 'Enabled' }),
    ]);
    expect(logs.properties.PublicAccessBlockConfiguration).toMatchObject({ BlockPublicPolicy: true });
  });

  it("are the web ACL's one logging configuration, with the seller's token and cookies redacted", () => {
    const configurations = Object.values(resourcesOf(edge(), 'AWS::WAFv2::LoggingConfiguration'));
    expect(configurations).toHaveLength(1);
    const config = configurations[0]!.Properties!;
    const [aclId] = Object.keys(resourcesOf(edge(), 'AWS::WAFv2::WebACL'));
    expect(config.ResourceArn).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
    const logs = bucket('edge', 'WafLogsBucket');
    expect(config.LogDestinationConfigs).toEqual([{ 'Fn::GetAtt': [logs.id, 'Arn'] }]);
    expect(config.RedactedFields).toEqual(WAF_REDACTED_HEADERS.map((Name) => ({ SingleHeader: { Name } })));
    expect((configurations[0] as { DependsOn?: string[] }).DependsOn).toEqual(
      expect.arrayContaining([expect.stringMatching(/^WafLogsBucketPolicy/)]),
    );
  });

  it("let only WAF's log delivery of this account write, under AWSLogs/<account>/, with the owner's ACL", () => {
    const statements = statementsFor('edge', bucket('edge', 'WafLogsBucket').id);
    const delivery = statements.filter(
      (statement) => JSON.stringify(statement.Principal) === '{"Service":"delivery.logs.amazonaws.com"}',
    );
    expect(delivery.map((statement) => statement.Action).sort()).toEqual(['s3:GetBucketAcl', 's3:PutObject']);
    const write = delivery.find((statement) => statement.Action === 's3:PutObject')!;
    expect(JSON.stringify(write.Resource)).toContain('/AWSLogs/');
    expect(write.Condition).toMatchObject({
      StringEquals: { 's3:x-amz-acl': 'bucket-owner-full-control', 'aws:SourceAccount': expect.anything() },
      ArnLike: { 'aws:SourceArn': expect.anything() },
    });
    expect(statements.filter((statement) => statement.Effect === 'Allow')).toHaveLength(2);
  });
});

describe('the daily sweep of previews', () => {
  const media = () => templateOf(stacks.media);
  /** The schedule rules of the media stack that send to a queue (the balance watch's invokes a function). */
  const queueRules = () =>
    Object.entries(resourcesOf(media(), 'AWS::Events::Rule')).filter(([, rule]) =>
      JSON.stringify(rule.Properties!.Targets).includes('PreviewJobsQueue'),
    );

  it('sends a sweep job the preview jobs consumer accepts to its queue, once a day', () => {
    const rules = queueRules();
    expect(rules).toHaveLength(1);
    const rule = rules[0]![1].Properties!;
    expect(rule).toMatchObject({ ScheduleExpression: 'cron(30 3 * * ? *)', State: 'ENABLED' });
    const [target] = rule.Targets as { Arn: unknown; Input: string }[];
    const [queueId] = Object.keys(resourcesOf(media(), 'AWS::SQS::Queue')).filter((id) =>
      id.startsWith('PreviewJobsQueue'),
    );
    expect(target!.Arn).toEqual({ 'Fn::GetAtt': [queueId, 'Arn'] });
    expect(PreviewJob.parse(JSON.parse(target!.Input))).toEqual({ kind: 'sweep' });
  });

  it('lets only that rule send to the queue, besides the functions granted it', () => {
    const ruleId = queueRules()[0]?.[0];
    const policies = Object.values(resourcesOf(media(), 'AWS::SQS::QueuePolicy'));
    const fromEvents = policies.flatMap((policy) =>
      (policy.Properties!.PolicyDocument as { Statement: Json[] }).Statement.filter(
        (statement) => JSON.stringify(statement.Principal) === '{"Service":"events.amazonaws.com"}',
      ),
    );
    expect(fromEvents).toHaveLength(1);
    expect(fromEvents[0]).toMatchObject({
      Effect: 'Allow',
      Condition: { ArnEquals: { 'aws:SourceArn': { 'Fn::GetAtt': [ruleId, 'Arn'] } } },
    });
  });
});
