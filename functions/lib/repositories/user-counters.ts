/** The dashboard's analytics counters on the user record, moved by the events they count. */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../dynamo';

type Counter = 'totalPhotoCount' | 'totalOrderCount' | 'totalSalesMinor';

/** Adds `delta` to a counter of an existing user (a deleted user is not recreated by a late event). */
export async function addToUserCounter(userId: string, counter: Counter, delta: number): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('users'),
        Key: { userId },
        UpdateExpression: 'ADD #counter :delta',
        ConditionExpression: 'attribute_exists(userId)',
        ExpressionAttributeNames: { '#counter': counter },
        ExpressionAttributeValues: { ':delta': delta },
      }),
    );
  } catch (error) {
    if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
  }
}
