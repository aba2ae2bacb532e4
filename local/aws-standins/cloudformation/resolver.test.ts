import { describe, expect, it } from 'vitest';
import type { Assembly, CfnTemplate } from './assembly';
import { TemplateResolver } from './resolver';

const account = { region: 'eu-west-2', accountId: '000000000000' };

const data: CfnTemplate = {
  Resources: {
    OrdersTable: { Type: 'AWS::DynamoDB::Table', Properties: {} },
    PhotosBucket: { Type: 'AWS::S3::Bucket', Properties: {} },
    PagingSecret: { Type: 'AWS::SecretsManager::Secret', Properties: {} },
    FailuresQueue: { Type: 'AWS::SQS::Queue', Properties: {} },
  },
  Outputs: {
    ExportOrdersArn: {
      Value: { 'Fn::GetAtt': ['OrdersTable', 'Arn'] },
      Export: { Name: 'Data:OrdersArn' },
    },
    BucketName: { Value: { Ref: 'PhotosBucket' } },
  },
  Conditions: { InLondon: { 'Fn::Equals': [{ Ref: 'AWS::Region' }, 'eu-west-2'] } },
};
const api: CfnTemplate = { Resources: {} };

const assembly: Assembly = {
  directory: '/nowhere',
  stacks: new Map([
    ['Data', { name: 'Data', template: data, assets: new Map() }],
    ['Api', { name: 'Api', template: api, assets: new Map() }],
  ]),
};

const secrets: Record<string, string> = { 'app/stripe-key': 'sk_local' };
const resolver = new TemplateResolver(assembly, account, (id) =>
  id.startsWith('arn:') ? `generated-for-${id.split(':').pop()}` : secrets[id],
);

describe('TemplateResolver', () => {
  it('names resources as CloudFormation would, without the random suffix', () => {
    expect(resolver.resolve('Data', { Ref: 'OrdersTable' })).toBe('Data-OrdersTable');
    expect(resolver.resolve('Data', { Ref: 'PhotosBucket' })).toBe('data-photosbucket');
    expect(resolver.resolve('Data', { 'Fn::GetAtt': ['OrdersTable', 'Arn'] })).toBe(
      'arn:aws:dynamodb:eu-west-2:000000000000:table/Data-OrdersTable',
    );
    expect(resolver.resolve('Data', { 'Fn::GetAtt': 'PhotosBucket.Arn' })).toBe(
      'arn:aws:s3:::data-photosbucket',
    );
  });

  it('names a queue as SQS does: its Ref is the URL, its ARN and name from the same name', () => {
    expect(resolver.resolve('Data', { Ref: 'FailuresQueue' })).toBe(
      'https://sqs.eu-west-2.amazonaws.com/000000000000/Data-FailuresQueue',
    );
    expect(resolver.resolve('Data', { 'Fn::GetAtt': ['FailuresQueue', 'Arn'] })).toBe(
      'arn:aws:sqs:eu-west-2:000000000000:Data-FailuresQueue',
    );
    expect(resolver.resolve('Data', { 'Fn::GetAtt': ['FailuresQueue', 'QueueName'] })).toBe(
      'Data-FailuresQueue',
    );
  });

  it('resolves joins, selects, splits, subs, conditions and pseudo parameters', () => {
    expect(
      resolver.resolve('Data', {
        'Fn::Join': ['', [{ 'Fn::GetAtt': ['OrdersTable', 'Arn'] }, '/index/*']],
      }),
    ).toBe('arn:aws:dynamodb:eu-west-2:000000000000:table/Data-OrdersTable/index/*');
    expect(resolver.resolve('Data', { 'Fn::Select': [1, { 'Fn::Split': ['/', 'a/b/c'] }] })).toBe('b');
    expect(resolver.resolve('Data', { 'Fn::Sub': 'arn:${AWS::Partition}:s3:::${PhotosBucket}/*' })).toBe(
      'arn:aws:s3:::data-photosbucket/*',
    );
    expect(resolver.resolve('Data', { 'Fn::If': ['InLondon', 'yes', 'no'] })).toBe('yes');
  });

  it('follows cross-stack references, strong (exports) and weak (outputs)', () => {
    expect(resolver.resolve('Api', { 'Fn::ImportValue': 'Data:OrdersArn' })).toBe(
      'arn:aws:dynamodb:eu-west-2:000000000000:table/Data-OrdersTable',
    );
    expect(
      resolver.resolve('Api', { 'Fn::GetStackOutput': { StackName: 'Data', OutputName: 'BucketName' } }),
    ).toBe('data-photosbucket');
  });

  it('resolves secret references by name, and generated secrets by their ARN', () => {
    expect(resolver.resolve('Api', '{{resolve:secretsmanager:app/stripe-key:SecretString:::}}')).toBe(
      'sk_local',
    );
    const generated = resolver.resolve('Data', {
      'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: 'PagingSecret' }, ':SecretString:::}}']],
    });
    expect(generated).toMatch(/^generated-for-Data-PagingSecret-\w{6}$/);
  });

  it('refuses what it cannot resolve, as a deployment would fail', () => {
    expect(() => resolver.resolve('Api', { 'Fn::ImportValue': 'Data:Missing' })).toThrow(/No stack exports/);
    expect(() => resolver.resolve('Api', '{{resolve:secretsmanager:unknown:SecretString:::}}')).toThrow(
      /No local value for the secret/,
    );
    expect(() => resolver.resolve('Data', { 'Fn::GetAtt': ['OrdersTable', 'Nope'] })).toThrow(
      /cannot resolve Fn::GetAtt OrdersTable.Nope/,
    );
  });
});
