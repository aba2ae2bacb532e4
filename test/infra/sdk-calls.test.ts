/** How a bundle's text is read for the AWS calls it can make (sdk-calls.ts), on small bundles written here. */
import { describe, expect, it } from 'vitest';
import { actionsOfBundle, sdkUsesIn } from './sdk-calls';

describe('reading a bundle for its AWS calls', () => {
  it('counts an imported command only where the code refers to it (esbuild keeps unused bindings)', () => {
    const text = [
      'import { DeleteCommand, GetCommand as GetCommand2 } from "@aws-sdk/lib-dynamodb";',
      'import { DeleteCommand as DeleteCommand3 } from "@aws-sdk/lib-dynamodb";',
      'async function get(key) { return client.send(new GetCommand2({ Key: key })); }',
    ].join('\n');
    expect(sdkUsesIn(text)).toEqual([{ pkg: '@aws-sdk/lib-dynamodb', name: 'GetCommand' }]);
    expect([...actionsOfBundle([text]).actions]).toEqual(['dynamodb:GetItem']);
  });

  it("reads a dynamically imported package's commands from their member uses", () => {
    const text =
      'const sdk = await import("@aws-sdk/client-sesv2"); await c.send(new sdk.SendEmailCommand({}));';
    expect([...actionsOfBundle([text]).actions]).toEqual(['ses:SendEmail']);
  });

  it("maps a transaction to its parts' single-item actions, never S3's Delete", () => {
    const text = [
      'import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";',
      'send(new TransactWriteCommand({ TransactItems: parts }));',
      'const a = { Update: { TableName: tableName("orders"), Key } };',
      'const b = { ConditionCheck: {\n TableName: tableName("users") } };',
      'writeTogether([{ Put: put2 }, ...parts]);',
      'const c = { Delete: { Objects: keys, Quiet: true } };',
    ].join('\n');
    expect([...actionsOfBundle([text]).actions].sort()).toEqual([
      'dynamodb:ConditionCheckItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
    ]);
  });

  it('reports a command it has no IAM mapping for, and ignores clients and errors', () => {
    const text = [
      'import { S3Client, NoSuchKey, RestoreObjectCommand } from "@aws-sdk/client-s3";',
      'new S3Client({}).send(new RestoreObjectCommand({})).catch((e) => e instanceof NoSuchKey);',
    ].join('\n');
    expect(actionsOfBundle([text])).toEqual({
      actions: new Set(),
      unmapped: ['@aws-sdk/client-s3 RestoreObjectCommand'],
    });
  });
});
