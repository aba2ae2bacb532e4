/**
 * What CloudFormation would name each resource, locally: the same shapes as in AWS (a table named
 * `<stack>-<logicalId>`, a user pool id `<region>_<id>`, ARNs of the right service), stable across
 * starts so the data kept under `.data/` stays reachable. Unlike AWS, no random suffix.
 */
import { createHash } from 'node:crypto';

export interface LocalAccount {
  region: string;
  accountId: string;
}

export interface ResourceRef {
  stack: string;
  logicalId: string;
  type: string;
  properties: Record<string, unknown>;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** A stable identifier of `length` characters from `alphabet`, derived from the resource's path. */
function stableId(ref: ResourceRef, alphabet: string, length: number): string {
  const bytes = digest(`${ref.stack}/${ref.logicalId}`);
  return Array.from({ length }, (_, i) => alphabet[bytes[i]! % alphabet.length]).join('');
}

const LOWER_ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

const named = (ref: ResourceRef, property: string, fallback: () => string): string => {
  const given = ref.properties[property];
  return typeof given === 'string' ? given : fallback();
};

const generatedName = (ref: ResourceRef, maxLength: number) =>
  `${ref.stack}-${ref.logicalId}`.slice(0, maxLength);

/** SQS names are at most 80 characters; a queue's Ref is its URL, built from the name. */
const queueName = (ref: ResourceRef) => named(ref, 'QueueName', () => generatedName(ref, 80));

/** The value of `{ Ref: logicalId }` for the resource types the app uses. */
export function physicalRef(ref: ResourceRef, account: LocalAccount): string {
  switch (ref.type) {
    case 'AWS::DynamoDB::Table':
      return named(ref, 'TableName', () => generatedName(ref, 255));
    case 'AWS::S3::Bucket':
      return named(ref, 'BucketName', () => generatedName(ref, 63).toLowerCase());
    case 'AWS::Lambda::Function':
      return named(ref, 'FunctionName', () => generatedName(ref, 64));
    case 'AWS::IAM::Role':
      return named(ref, 'RoleName', () => generatedName(ref, 64));
    case 'AWS::Cognito::UserPool':
      return `${account.region}_${stableId(ref, ALNUM, 9)}`;
    case 'AWS::Cognito::UserPoolClient':
      return stableId(ref, LOWER_ALNUM, 26);
    case 'AWS::Cognito::UserPoolDomain':
      return named(ref, 'Domain', () => generatedName(ref, 63).toLowerCase());
    case 'AWS::SecretsManager::Secret':
      return `arn:aws:secretsmanager:${account.region}:${account.accountId}:secret:${named(ref, 'Name', () =>
        generatedName(ref, 200),
      )}-${stableId(ref, ALNUM, 6)}`;
    case 'AWS::ApiGatewayV2::Api':
    case 'AWS::ApiGatewayV2::Integration':
    case 'AWS::ApiGatewayV2::Authorizer':
    case 'AWS::ApiGatewayV2::Route':
    case 'AWS::CloudFront::Distribution':
      return stableId(ref, LOWER_ALNUM, 10);
    case 'AWS::SQS::Queue':
      return `https://sqs.${account.region}.amazonaws.com/${account.accountId}/${queueName(ref)}`;
    default:
      return generatedName(ref, 255);
  }
}

/** The value of `{ Fn::GetAtt: [logicalId, attribute] }`, or undefined for one this stack does not know. */
export function physicalAttribute(
  ref: ResourceRef,
  attribute: string,
  account: LocalAccount,
): string | undefined {
  const id = physicalRef(ref, account);
  const { region, accountId } = account;
  const attributes: Record<string, Record<string, () => string>> = {
    'AWS::DynamoDB::Table': {
      Arn: () => `arn:aws:dynamodb:${region}:${accountId}:table/${id}`,
      StreamArn: () => `arn:aws:dynamodb:${region}:${accountId}:table/${id}/stream/local`,
    },
    'AWS::S3::Bucket': {
      Arn: () => `arn:aws:s3:::${id}`,
      DomainName: () => `${id}.s3.amazonaws.com`,
      RegionalDomainName: () => `${id}.s3.${region}.amazonaws.com`,
    },
    'AWS::Lambda::Function': { Arn: () => `arn:aws:lambda:${region}:${accountId}:function:${id}` },
    'AWS::IAM::Role': {
      Arn: () => `arn:aws:iam::${accountId}:role/${id}`,
      RoleId: () => `AROA${stableId(ref, ALNUM, 17).toUpperCase()}`,
    },
    'AWS::Cognito::UserPool': {
      Arn: () => `arn:aws:cognito-idp:${region}:${accountId}:userpool/${id}`,
      ProviderName: () => `cognito-idp.${region}.amazonaws.com/${id}`,
      ProviderURL: () => `https://cognito-idp.${region}.amazonaws.com/${id}`,
      UserPoolId: () => id,
    },
    'AWS::Cognito::UserPoolClient': { ClientId: () => id },
    'AWS::SecretsManager::Secret': { Id: () => id },
    'AWS::ApiGatewayV2::Api': {
      ApiId: () => id,
      ApiEndpoint: () => `https://${id}.execute-api.${region}.amazonaws.com`,
    },
    'AWS::CloudFront::Distribution': {
      DomainName: () => `d${id}.cloudfront.net`,
      Id: () => id.toUpperCase(),
    },
    'AWS::SQS::Queue': {
      Arn: () => `arn:aws:sqs:${region}:${accountId}:${queueName(ref)}`,
      QueueName: () => queueName(ref),
      QueueUrl: () => id,
    },
    'AWS::Logs::LogGroup': { Arn: () => `arn:aws:logs:${region}:${accountId}:log-group:${id}:*` },
    // CloudFront-scoped (the edge stack's): WAF names them `global`, in us-east-1.
    'AWS::WAFv2::IPSet': {
      Arn: () => `arn:aws:wafv2:us-east-1:${accountId}:global/ipset/${id}/${stableId(ref, LOWER_ALNUM, 32)}`,
      Id: () => stableId(ref, LOWER_ALNUM, 32),
    },
  };
  return attributes[ref.type]?.[attribute]?.();
}
