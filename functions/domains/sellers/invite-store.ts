/**
 * Invites table: invitation codes and how many uses each has left, plus the one-time sign-up grants
 * the users API hands Cognito so its PreSignUp trigger can tell our sign-ups from direct calls.
 */
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, isConditionFailure, tableName } from '../../lib/dynamo';

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

/**
 * Takes one use of a code in a single conditional write, so two sign-ups racing for the last use
 * cannot both get it. False when the code is unknown or used up.
 */
export async function useInvite(code: string): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('invites'),
        Key: { code },
        UpdateExpression: 'SET usesLeft = usesLeft - :one',
        ConditionExpression: 'attribute_exists(code) AND usesLeft > :zero AND NOT begins_with(code, :grant)',
        ExpressionAttributeValues: { ':one': 1, ':zero': 0, ':grant': GRANT_PREFIX },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Gives a use back when the sign-up it was taken for did not happen. */
export async function returnInvite(code: string): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName('invites'),
      Key: { code },
      UpdateExpression: 'SET usesLeft = usesLeft + :one',
      ConditionExpression: 'attribute_exists(code)',
      ExpressionAttributeValues: { ':one': 1 },
    }),
  );
}

/** Grants share the table with invitation codes; codes are upper-case, so the prefix never collides. */
const GRANT_PREFIX = 'grant:';
/** A grant is good for one sign-up within this window (the API calls SignUp right after). */
export const SIGN_UP_GRANT_TTL_SECONDS = 120;

export async function putSignUpGrant(token: string, email: string, now = new Date()): Promise<void> {
  const expiresAt = Math.floor(now.getTime() / 1000) + SIGN_UP_GRANT_TTL_SECONDS;
  await dynamo().send(
    new PutCommand({
      TableName: tableName('invites'),
      Item: { code: `${GRANT_PREFIX}${token}`, email: email.toLowerCase(), expiresAt, usesLeft: 0 },
      ConditionExpression: 'attribute_not_exists(code)',
    }),
  );
}

/** Deletes the grant if it is for this email and unexpired: true exactly once per grant. */
export async function consumeSignUpGrant(token: string, email: string, now = new Date()): Promise<boolean> {
  try {
    await dynamo().send(
      new DeleteCommand({
        TableName: tableName('invites'),
        Key: { code: `${GRANT_PREFIX}${token}` },
        ConditionExpression: 'email = :email AND expiresAt > :now',
        ExpressionAttributeValues: {
          ':email': email.toLowerCase(),
          ':now': Math.floor(now.getTime() / 1000),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
