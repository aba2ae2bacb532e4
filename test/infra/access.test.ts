import type { CfnRole } from 'aws-cdk-lib/aws-iam';
import type { Stack } from 'aws-cdk-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppFunction } from '../../infra/constructs/app-function';
import type { TableName } from '#shared/platform/storage-layout';
import type { ShutterlaneStacks } from '../../infra/stacks/shutterlane';
import { mentions, resourcesOf, synthesize, SYNTH_TIMEOUT_MS, templateOf } from './fixture';

interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
}

const WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];
let stacks: ShutterlaneStacks;

beforeAll(() => {
  stacks = synthesize();
}, SYNTH_TIMEOUT_MS);

/** Every statement of the policies attached to a function's role (the content function has none). */
function statementsOf(stack: Stack, fn: AppFunction, { expectPolicy = true } = {}): Statement[] {
  const roleId = stack.getLogicalId(fn.handler.role!.node.defaultChild as CfnRole);
  const policies = Object.values(resourcesOf(templateOf(stack), 'AWS::IAM::Policy')).filter((policy) =>
    mentions(policy.Properties?.Roles, roleId),
  );
  if (expectPolicy) expect(policies.length).toBeGreaterThan(0);
  return policies.flatMap((p) => (p.Properties!.PolicyDocument as { Statement: Statement[] }).Statement);
}

function tableLogicalId(name: TableName): string {
  return stacks.data.getLogicalId(stacks.data.tables[name].node.defaultChild as never);
}

function actionsOn(statements: Statement[], logicalId: string): string[] {
  return statements
    .filter((s) => s.Effect === 'Allow' && mentions(s.Resource, logicalId))
    .flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));
}

describe('least-privilege grants', () => {
  it('lets public-orders read but never write the users table', () => {
    const statements = statementsOf(stacks.api, stacks.api.functions['public-orders']);
    const onUsers = actionsOn(statements, tableLogicalId('users'));
    expect(onUsers).toContain('dynamodb:GetItem');
    for (const action of WRITE_ACTIONS) expect(onUsers).not.toContain(action);
    expect(onUsers.some((a) => a.endsWith('*'))).toBe(false);
  });

  it('lets public-orders write orders and events, and nothing on galleries or invites', () => {
    const statements = statementsOf(stacks.api, stacks.api.functions['public-orders']);
    expect(actionsOn(statements, tableLogicalId('orders'))).toContain('dynamodb:UpdateItem');
    expect(actionsOn(statements, tableLogicalId('events'))).toContain('dynamodb:UpdateItem');
    expect(actionsOn(statements, tableLogicalId('galleries'))).toEqual([]);
    expect(actionsOn(statements, tableLogicalId('invites'))).toEqual([]);
  });

  it('grants no Scan to any function: every access is a key lookup or a Query', () => {
    for (const stack of [stacks.api, stacks.media]) {
      const text = JSON.stringify(templateOf(stack).toJSON());
      expect(text).not.toContain('dynamodb:Scan');
      expect(text).not.toContain('"dynamodb:*"');
    }
  });

  it('lets only the users function call Cognito admin actions', () => {
    for (const [group, fn] of Object.entries(stacks.api.functions)) {
      const cognito = statementsOf(stacks.api, fn, { expectPolicy: false }).filter((s) =>
        JSON.stringify(s.Action).includes('cognito-idp:'),
      );
      expect(cognito.length > 0, group).toBe(group === 'users');
    }
  });

  it('lets uploads put originals and read them only to copy one onto itself for a retry, and the resize function read originals and put derived copies, never an original', () => {
    const originals = stacks.data.getLogicalId(stacks.data.buckets.originals.node.defaultChild as never);
    const derived = stacks.data.getLogicalId(stacks.data.buckets.derived.node.defaultChild as never);
    const uploads = actionsOn(statementsOf(stacks.api, stacks.api.functions.uploads), originals);
    expect(uploads).toContain('s3:PutObject');
    // A retry copies the original onto itself, and CopyObject reads its source.
    expect(uploads).toContain('s3:GetObject');
    const resize = statementsOf(stacks.media, stacks.media.resize);
    expect(actionsOn(resize, originals)).toContain('s3:GetObject');
    // No write to the bucket that triggers it: nothing the resize does can run it again.
    expect(actionsOn(resize, originals).filter((a) => a.startsWith('s3:Put'))).toEqual([]);
    expect(actionsOn(resize, derived)).toContain('s3:PutObject');
  });

  it('lets no function but uploads and branding write originals (an S3 → Lambda → S3 loop needs that write)', () => {
    const originals = stacks.data.getLogicalId(stacks.data.buckets.originals.node.defaultChild as never);
    const functions: [string, Stack, AppFunction][] = [
      ...Object.entries(stacks.api.functions).map(([name, fn]): [string, Stack, AppFunction] => [
        name,
        stacks.api,
        fn,
      ]),
      ['resize', stacks.media, stacks.media.resize],
      ['resize-failures', stacks.media, stacks.media.resizeFailuresConsumer],
      ['faces', stacks.media, stacks.media.faces],
    ];
    const writing = functions
      .filter(([, stack, fn]) =>
        actionsOn(statementsOf(stack, fn, { expectPolicy: false }), originals).some((a) =>
          a.startsWith('s3:Put'),
        ),
      )
      .map(([name]) => name)
      .sort();
    // uploads: the seller's files and a retry's copy (one request, one copy); branding: a logo file waits
    // in the originals bucket under its own prefix, outside the resize trigger's.
    expect(writing).toEqual(['branding', 'uploads']);
  });

  it('lets the faces function read derived copies, delete (never write) them, and write the faces, never an original', () => {
    const originals = stacks.data.getLogicalId(stacks.data.buckets.originals.node.defaultChild as never);
    const derived = stacks.data.getLogicalId(stacks.data.buckets.derived.node.defaultChild as never);
    const faces = statementsOf(stacks.media, stacks.media.faces);
    expect(actionsOn(faces, originals)).toEqual([]);
    expect(actionsOn(faces, derived)).toContain('s3:GetObject');
    // Deleting: a photo withheld from a gallery that hides people loses its previews; writing: never.
    expect(actionsOn(faces, derived).filter((a) => a.startsWith('s3:Put'))).toEqual([]);
    expect(actionsOn(faces, derived)).toContain('s3:DeleteObject');
    expect(actionsOn(faces, tableLogicalId('faces'))).toContain('dynamodb:PutItem');
    // A photo checked against the hidden people is shown (its place in the grid) or withheld.
    expect(actionsOn(faces, tableLogicalId('photos'))).toContain('dynamodb:UpdateItem');
    for (const table of ['users', 'orders', 'galleries', 'invites'] as const)
      expect(actionsOn(faces, tableLogicalId(table)), table).toEqual([]);
  });
});
