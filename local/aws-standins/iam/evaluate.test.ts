import { describe, expect, it } from 'vitest';
import { dynamoIndexArn, dynamoTableArn, s3BucketArn, s3ObjectArn } from './arn';
import {
  accessDeniedMessage,
  actionMatches,
  authorize,
  evaluatePolicy,
  firstRefusal,
  resourceMatches,
} from './evaluate';
import { functionPrincipal, staticIdentityStore } from './identity-store';
import type { PolicyStatement } from './types';

const orders = dynamoTableArn('orders');
const users = dynamoTableArn('users');

describe('evaluatePolicy', () => {
  it('denies implicitly when nothing applies, including an empty policy', () => {
    expect(evaluatePolicy([], 'dynamodb:GetItem', orders)).toBe('implicitDeny');
    const other: PolicyStatement = { Effect: 'Allow', Action: 'dynamodb:GetItem', Resource: users };
    expect(evaluatePolicy([other], 'dynamodb:GetItem', orders)).toBe('implicitDeny');
  });

  it('allows when an Allow covers both the action and the resource', () => {
    const statements: PolicyStatement[] = [
      { Effect: 'Allow', Action: ['dynamodb:GetItem', 'dynamodb:Query'], Resource: [users, orders] },
    ];
    expect(evaluatePolicy(statements, 'dynamodb:GetItem', orders)).toBe('allow');
    expect(evaluatePolicy(statements, 'dynamodb:PutItem', orders)).toBe('implicitDeny');
  });

  it('lets an explicit Deny win over any Allow, whatever the order', () => {
    const allow: PolicyStatement = { Effect: 'Allow', Action: 'dynamodb:*', Resource: '*' };
    const deny: PolicyStatement = { Effect: 'Deny', Action: 'dynamodb:DeleteItem', Resource: orders };
    expect(evaluatePolicy([allow, deny], 'dynamodb:DeleteItem', orders)).toBe('explicitDeny');
    expect(evaluatePolicy([deny, allow], 'dynamodb:DeleteItem', orders)).toBe('explicitDeny');
    expect(evaluatePolicy([deny, allow], 'dynamodb:DeleteItem', users)).toBe('allow');
  });

  it('reads NotAction as every action but those listed', () => {
    const statements: PolicyStatement[] = [
      { Effect: 'Allow', NotAction: ['dynamodb:Delete*', 'dynamodb:BatchWriteItem'], Resource: orders },
    ];
    expect(evaluatePolicy(statements, 'dynamodb:GetItem', orders)).toBe('allow');
    expect(evaluatePolicy(statements, 'dynamodb:DeleteItem', orders)).toBe('implicitDeny');
    expect(evaluatePolicy(statements, 'dynamodb:BatchWriteItem', orders)).toBe('implicitDeny');
  });

  it('reads NotResource as every resource but those listed, also for a Deny', () => {
    const statements: PolicyStatement[] = [
      { Effect: 'Allow', Action: 's3:GetObject', Resource: '*' },
      { Effect: 'Deny', Action: 's3:GetObject', NotResource: 'arn:aws:s3:::public/*' },
    ];
    expect(evaluatePolicy(statements, 's3:GetObject', s3ObjectArn('public', 'a.jpg'))).toBe('allow');
    expect(evaluatePolicy(statements, 's3:GetObject', s3ObjectArn('private', 'a.jpg'))).toBe('explicitDeny');
  });

  it('treats a statement with neither Action nor NotAction, or no resource element, as covering nothing', () => {
    const noAction: PolicyStatement = { Effect: 'Allow', Resource: '*' };
    const noResource: PolicyStatement = { Effect: 'Allow', Action: '*' };
    expect(evaluatePolicy([noAction, noResource], 'dynamodb:GetItem', orders)).toBe('implicitDeny');
  });

  it('reads conditions the strict way: a conditional Allow never applies, a conditional Deny always does', () => {
    const conditionalAllow: PolicyStatement = {
      Effect: 'Allow',
      Action: 'dynamodb:GetItem',
      Resource: orders,
      Condition: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': ['u-1'] } },
    };
    expect(evaluatePolicy([conditionalAllow], 'dynamodb:GetItem', orders)).toBe('implicitDeny');
    const allow: PolicyStatement = { Effect: 'Allow', Action: 's3:*', Resource: '*' };
    const conditionalDeny: PolicyStatement = {
      Effect: 'Deny',
      Action: 's3:*',
      Resource: '*',
      Condition: { Bool: { 'aws:SecureTransport': 'false' } },
    };
    expect(evaluatePolicy([allow, conditionalDeny], 's3:GetObject', s3BucketArn('b'))).toBe('explicitDeny');
    expect(evaluatePolicy([{ ...conditionalAllow, Condition: {} }], 'dynamodb:GetItem', orders)).toBe(
      'allow',
    );
  });
});

describe('action patterns', () => {
  it('match case-insensitively, with * and ?', () => {
    expect(actionMatches('dynamodb:getitem', 'dynamodb:GetItem')).toBe(true);
    expect(actionMatches('DYNAMODB:Get*', 'dynamodb:GetItem')).toBe(true);
    expect(actionMatches('s3:?etObject', 's3:GetObject')).toBe(true);
    expect(actionMatches('s3:?etObject', 's3:PutObjectAcl')).toBe(false);
    expect(actionMatches('*', 'ses:SendEmail')).toBe(true);
    expect(actionMatches('s3:*', 'ses:SendEmail')).toBe(false);
    expect(actionMatches('s3:Get*', 's3:PutObject')).toBe(false);
  });

  it('treat regular-expression characters literally', () => {
    expect(actionMatches('s3:Get.bject', 's3:GetObject')).toBe(false);
  });
});

describe('resource patterns', () => {
  it('match case-sensitively', () => {
    expect(resourceMatches(orders, orders)).toBe(true);
    expect(resourceMatches(orders.toUpperCase(), orders)).toBe(false);
    expect(resourceMatches('arn:aws:s3:::Bucket/*', s3ObjectArn('bucket', 'a'))).toBe(false);
  });

  it('do not cover an index with the bare table ARN, but do with table/*', () => {
    expect(resourceMatches(orders, dynamoIndexArn('orders', 'bySeller'))).toBe(false);
    expect(resourceMatches(`${orders}/index/*`, dynamoIndexArn('orders', 'bySeller'))).toBe(true);
    expect(resourceMatches(`${orders}/index/*`, orders)).toBe(false);
    expect(resourceMatches(`${dynamoTableArn('ord')}*`, dynamoIndexArn('orders', 'bySeller'))).toBe(true);
  });

  it('let * cross slashes in object keys, and ? stand for one character', () => {
    expect(resourceMatches('arn:aws:s3:::b/originals/*', s3ObjectArn('b', 'originals/u-1/g-1/p.jpg'))).toBe(
      true,
    );
    expect(resourceMatches('arn:aws:s3:::b/originals/*', s3ObjectArn('b', 'derived/p.jpg'))).toBe(false);
    expect(resourceMatches('arn:aws:s3:::b/p?.jpg', s3ObjectArn('b', 'p1.jpg'))).toBe(true);
    expect(resourceMatches('arn:aws:s3:::b/p?.jpg', s3ObjectArn('b', 'p12.jpg'))).toBe(false);
  });

  it('keep an inner * inside its colon-delimited segment, but let a segment-final * run past colons', () => {
    // Inner `*` (followed by more of its segment) stops at colons.
    expect(resourceMatches('arn:aws:dynamodb:eu-*2:000000000000:table/orders', orders)).toBe(true);
    expect(resourceMatches('arn:aws:*b:eu-west-2:000000000000:table/orders', orders)).toBe(true);
    expect(resourceMatches('arn:aws:d*2:000000000000:table/orders', orders)).toBe(false);
    // A `*` that ends its segment may expand beyond it, as IAM documents.
    expect(resourceMatches('arn:aws:dynamodb:*:table/orders', orders)).toBe(true);
    expect(resourceMatches('arn:aws:dynamodb:*', orders)).toBe(true);
    expect(resourceMatches('arn:aws:s3:*', orders)).toBe(false);
  });
});

describe('principals', () => {
  const principal = functionPrincipal('public-orders', 'PublicOrdersRole', [
    { Effect: 'Allow', Action: 'dynamodb:GetItem', Resource: orders },
  ]);

  it('allow the operator everything and a function only its statements', () => {
    expect(authorize({ kind: 'operator', arn: 'arn:aws:iam::000000000000:root' }, 'x:Y', '*')).toBe('allow');
    expect(authorize(principal, 'dynamodb:GetItem', orders)).toBe('allow');
    expect(authorize(principal, 'dynamodb:PutItem', orders)).toBe('implicitDeny');
  });

  it('name a function as its assumed role, as Lambda callers appear in AWS messages', () => {
    expect(principal.arn).toBe('arn:aws:sts::000000000000:assumed-role/PublicOrdersRole/public-orders');
  });

  it('report the first refused need of a request', () => {
    const needs = [
      { action: 'dynamodb:GetItem', resource: orders },
      { action: 'dynamodb:GetItem', resource: users },
      { action: 'dynamodb:PutItem', resource: orders },
    ];
    expect(firstRefusal(principal, needs)).toEqual({
      action: 'dynamodb:GetItem',
      resource: users,
      decision: 'implicitDeny',
    });
    expect(firstRefusal(principal, needs.slice(0, 1))).toBeUndefined();
  });
});

describe('accessDeniedMessage', () => {
  const role = 'arn:aws:sts::000000000000:assumed-role/R/f';

  it('words an implicit deny as AWS does', () => {
    expect(accessDeniedMessage(role, 'dynamodb:PutItem', orders, 'implicitDeny')).toBe(
      `User: ${role} is not authorized to perform: dynamodb:PutItem on resource: ${orders} because no identity-based policy allows the dynamodb:PutItem action`,
    );
  });

  it('words an explicit deny as AWS does, and quotes the resource for S3', () => {
    const object = s3ObjectArn('b', 'k.jpg');
    expect(accessDeniedMessage(role, 's3:GetObject', object, 'explicitDeny', { quoteResource: true })).toBe(
      `User: ${role} is not authorized to perform: s3:GetObject on resource: "${object}" with an explicit deny in an identity-based policy`,
    );
  });
});

describe('staticIdentityStore', () => {
  it('finds identities by access key id and refuses duplicates', () => {
    const operator = { kind: 'operator' as const, arn: 'arn:aws:iam::000000000000:root' };
    const store = staticIdentityStore([{ accessKeyId: 'A', secretAccessKey: 's', principal: operator }]);
    expect(store.byAccessKeyId('A')?.principal).toBe(operator);
    expect(store.byAccessKeyId('B')).toBeUndefined();
    expect(() =>
      staticIdentityStore([
        { accessKeyId: 'A', secretAccessKey: 's', principal: operator },
        { accessKeyId: 'A', secretAccessKey: 't', principal: operator },
      ]),
    ).toThrow('Two local identities share the access key id A');
  });
});
