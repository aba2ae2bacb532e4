/**
 * The ARNs of local resources, shaped exactly like AWS's so the policy statements resolved from the
 * synthesized templates match them as they would match the real ones.
 */

/** The account every local resource lives in (AWS's documented placeholder for examples). */
export const LOCAL_ACCOUNT_ID = '000000000000';
/** The region every local stand-in pretends to be; the SDKs must sign for it. */
export const LOCAL_REGION = 'eu-west-2';

export const dynamoTableArn = (tableName: string): string =>
  `arn:aws:dynamodb:${LOCAL_REGION}:${LOCAL_ACCOUNT_ID}:table/${tableName}`;

export const dynamoIndexArn = (tableName: string, indexName: string): string =>
  `${dynamoTableArn(tableName)}/index/${indexName}`;

/** S3 ARNs carry neither region nor account: bucket names are global. */
export const s3BucketArn = (bucket: string): string => `arn:aws:s3:::${bucket}`;

/** The key as stored (decoded), not as URL-encoded on the wire. */
export const s3ObjectArn = (bucket: string, key: string): string => `arn:aws:s3:::${bucket}/${key}`;

export const userPoolArn = (userPoolId: string): string =>
  `arn:aws:cognito-idp:${LOCAL_REGION}:${LOCAL_ACCOUNT_ID}:userpool/${userPoolId}`;

/** An SES identity: a domain (`example.com`) or an address (`no-reply@example.com`). */
export const sesIdentityArn = (identity: string): string =>
  `arn:aws:ses:${LOCAL_REGION}:${LOCAL_ACCOUNT_ID}:identity/${identity}`;

export const sesConfigurationSetArn = (name: string): string =>
  `arn:aws:ses:${LOCAL_REGION}:${LOCAL_ACCOUNT_ID}:configuration-set/${name}`;
