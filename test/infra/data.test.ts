import type { Template } from 'aws-cdk-lib/assertions';
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  FACE_INDEX_PREFIX,
  SALES_EXPORT_PREFIX,
  LOGO_UPLOAD_PREFIX,
  TABLES,
  type TableDef,
} from '#shared/platform/storage-layout';
import type { ShutterlaneStacks } from '../../infra/stacks/shutterlane';
import { mentions, resourcesOf, synthesize, SYNTH_TIMEOUT_MS, templateOf } from './fixture';

let stacks: ShutterlaneStacks;
let template: Template;

beforeAll(() => {
  stacks = synthesize();
  template = templateOf(stacks.data);
}, SYNTH_TIMEOUT_MS);

function keySchema(def: { partitionKey: { name: string }; sortKey?: { name: string } }) {
  return [
    { AttributeName: def.partitionKey.name, KeyType: 'HASH' },
    ...(def.sortKey ? [{ AttributeName: def.sortKey.name, KeyType: 'RANGE' }] : []),
  ];
}

describe('tables', () => {
  it('has one on-demand, point-in-time-recovered, retained table per TABLES entry', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', Object.keys(TABLES).length);
    template.allResources('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      }),
    });
  });

  it.each(Object.entries(TABLES) as [string, TableDef][])(
    '%s has the key schema, indexes and TTL of TABLES',
    (_, def) => {
      const indexes = (def.indexes ?? []).map((index) =>
        Match.objectLike({
          IndexName: index.indexName,
          KeySchema: keySchema(index),
          Projection: { ProjectionType: 'ALL' },
        }),
      );
      template.hasResourceProperties('AWS::DynamoDB::Table', {
        KeySchema: keySchema(def),
        GlobalSecondaryIndexes: indexes.length > 0 ? indexes : Match.absent(),
        TimeToLiveSpecification: def.ttlAttribute
          ? { AttributeName: def.ttlAttribute, Enabled: true }
          : Match.absent(),
      });
    },
  );
});

/** The photo buckets' properties (the access logs bucket has no CORS: no browser reaches it). */
const photoBuckets = (of: Template) =>
  Object.entries(resourcesOf(of, 'AWS::S3::Bucket'))
    .filter(([id]) => /^(Originals|Derived)Bucket/.test(id))
    .map(([, bucket]) => bucket.Properties as Record<string, unknown>);

describe('photo buckets', () => {
  it('keeps every bucket (the two photo buckets, the access logs) private, encrypted, TLS-only and retained', () => {
    template.resourceCountIs('AWS::S3::Bucket', 3);
    template.allResources('AWS::S3::Bucket', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        BucketEncryption: {
          ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
        },
      }),
    });
    const policies = Object.values(resourcesOf(template, 'AWS::S3::BucketPolicy'));
    expect(policies).toHaveLength(3);
    for (const policy of policies) {
      expect(JSON.stringify(policy.Properties)).toContain('"aws:SecureTransport":"false"');
    }
  });

  it('allows browser PUT and GET from the site origin only', () => {
    expect(photoBuckets(template)).toHaveLength(2);
    for (const bucket of photoBuckets(template)) {
      expect(bucket.CorsConfiguration).toEqual({
        CorsRules: [
          expect.objectContaining({
            AllowedOrigins: ['https://shutterlane.com'],
            AllowedMethods: expect.arrayContaining(['PUT', 'GET']),
          }),
        ],
      });
    }
  });

  /** The buckets whose lifecycle rules expire objects under `prefix` after a day. */
  const expiringUnder = (prefix: string) => {
    const rulesOf = (bucket: { Properties?: { LifecycleConfiguration?: { Rules?: unknown[] } } }) =>
      bucket.Properties?.LifecycleConfiguration?.Rules ?? [];
    return Object.entries(resourcesOf(template, 'AWS::S3::Bucket'))
      .filter(([, bucket]) =>
        rulesOf(bucket).some((rule) => JSON.stringify(rule).includes(`"Prefix":"${prefix}"`)),
      )
      .map(([id, bucket]) => ({ id, rule: rulesOf(bucket).find((r) => JSON.stringify(r).includes(prefix)) }));
  };

  it('expires face indexes a day after they were written, in the derived bucket only', () => {
    const withFaces = expiringUnder(FACE_INDEX_PREFIX);
    expect(withFaces.map(({ id }) => id)).toEqual([expect.stringMatching(/^DerivedBucket/)]);
    expect(withFaces[0]!.rule).toMatchObject({ ExpirationInDays: 1, Status: 'Enabled' });
  });

  it('expires sales exports a day after they were written, in the derived bucket only', () => {
    const withExports = expiringUnder(SALES_EXPORT_PREFIX);
    expect(withExports.map(({ id }) => id)).toEqual([expect.stringMatching(/^DerivedBucket/)]);
    expect(withExports[0]!.rule).toMatchObject({ ExpirationInDays: 1, Status: 'Enabled' });
  });

  it('expires logo files never processed a day after their upload, in the originals bucket only', () => {
    const withLogos = expiringUnder(LOGO_UPLOAD_PREFIX);
    expect(withLogos.map(({ id }) => id)).toEqual([expect.stringMatching(/^OriginalsBucket/)]);
    expect(withLogos[0]!.rule).toMatchObject({ ExpirationInDays: 1, Status: 'Enabled' });
  });

  it('aborts multipart uploads left incomplete for a day, in the originals bucket', () => {
    const originals = Object.entries(resourcesOf(template, 'AWS::S3::Bucket')).filter(([id]) =>
      id.startsWith('OriginalsBucket'),
    );
    expect(originals).toHaveLength(1);
    const rules = (
      originals[0]![1].Properties as { LifecycleConfiguration: { Rules: Record<string, unknown>[] } }
    ).LifecycleConfiguration.Rules;
    expect(rules).toContainEqual(
      expect.objectContaining({
        AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
        Status: 'Enabled',
      }),
    );
    // The rule covers the whole bucket: no prefix or tag filter narrows it.
    const abortRule = rules.find((rule) => 'AbortIncompleteMultipartUpload' in rule)!;
    expect(abortRule).not.toHaveProperty('Prefix');
    expect(abortRule).not.toHaveProperty('TagFilters');
  });

  it("exposes ETag to browsers, which read each part's ETag to complete a multipart upload", () => {
    for (const bucket of photoBuckets(template)) {
      expect(bucket.CorsConfiguration).toEqual({
        CorsRules: [expect.objectContaining({ ExposedHeaders: ['ETag'] })],
      });
    }
  });

  it('follows the siteDomain context', () => {
    const custom = templateOf(synthesize({ context: { siteDomain: 'photos.example.org' } }).data);
    expect(photoBuckets(custom)).toHaveLength(2);
    for (const bucket of photoBuckets(custom)) {
      expect(bucket.CorsConfiguration).toEqual({
        CorsRules: [expect.objectContaining({ AllowedOrigins: ['https://photos.example.org'] })],
      });
    }
  });
});

interface CfnResourceJson {
  Type: string;
  Properties?: Record<string, unknown>;
}

describe('no fixed physical names', () => {
  const NAME_PROPERTIES: Record<string, string> = {
    'AWS::DynamoDB::Table': 'TableName',
    'AWS::S3::Bucket': 'BucketName',
    'AWS::Lambda::Function': 'FunctionName',
    'AWS::IAM::Role': 'RoleName',
    'AWS::Logs::LogGroup': 'LogGroupName',
    'AWS::Cognito::UserPool': 'UserPoolName',
    'AWS::SecretsManager::Secret': 'Name',
  };

  it('leaves every name to CloudFormation in every stack', () => {
    for (const stack of [stacks.data, stacks.auth, stacks.api, stacks.media, stacks.site]) {
      const resources = templateOf(stack).toJSON().Resources as Record<string, CfnResourceJson>;
      for (const [id, resource] of Object.entries(resources)) {
        const nameProperty = NAME_PROPERTIES[resource.Type];
        const name = nameProperty ? resource.Properties?.[nameProperty] : undefined;
        // A name derived from a generated one (CDK names its handlers' log groups after them) is not fixed.
        if (name !== undefined) expect(mentions(name, 'Ref'), `${stack.stackName}/${id}`).toBe(true);
      }
    }
  });
});
