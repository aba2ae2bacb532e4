/** Invites table: invitation codes and how many uses each has left. */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../dynamo';

export interface InviteRecord {
  code: string;
  usesLeft: number;
  note?: string;
  createdAt: string;
}

export async function putInvite(invite: InviteRecord): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName('invites'),
      Item: invite,
      ConditionExpression: 'attribute_not_exists(code)',
    }),
  );
}
