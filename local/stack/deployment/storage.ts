/**
 * The tables and buckets the data stack's template declares, as the stand-ins create them: a table's
 * key schema, attributes and indexes; a bucket's CORS rules. Local physical names come from the
 * resolver, so functions reach them under the names their environment carries.
 */
import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import { resourcesOfType } from '@shutterlane/aws-standins/cloudformation/assembly';
import type { TemplateResolver } from '@shutterlane/aws-standins/cloudformation/resolver';
import type { CorsRule } from '@shutterlane/aws-standins/s3/s3-cors';

export interface BucketDefinition {
  /** Logical id in its stack, e.g. `OriginalsBucket68DFDD5E`. */
  logicalId: string;
  name: string;
  arn: string;
  cors: CorsRule[];
}

interface CfnCorsRule {
  AllowedOrigins?: string[];
  AllowedMethods?: string[];
  AllowedHeaders?: string[];
  ExposedHeaders?: string[];
  MaxAge?: number;
}

export function tableDefinitions(resolver: TemplateResolver): CreateTableCommandInput[] {
  return resourcesOfType(resolver.assembly, 'AWS::DynamoDB::Table').map(({ stack, logicalId, resource }) => {
    const props = resolver.resolve(stack, resource.Properties ?? {}) as Record<string, unknown>;
    const indexes = props.GlobalSecondaryIndexes as CreateTableCommandInput['GlobalSecondaryIndexes'];
    return {
      TableName: resolver.physicalName(stack, logicalId),
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: props.KeySchema as CreateTableCommandInput['KeySchema'],
      AttributeDefinitions: props.AttributeDefinitions as CreateTableCommandInput['AttributeDefinitions'],
      ...(indexes?.length ? { GlobalSecondaryIndexes: indexes } : {}),
    };
  });
}

export function bucketDefinitions(resolver: TemplateResolver): BucketDefinition[] {
  return resourcesOfType(resolver.assembly, 'AWS::S3::Bucket').map(({ stack, logicalId, resource }) => {
    const cors = resolver.resolve(stack, resource.Properties?.CorsConfiguration ?? {}) as {
      CorsRules?: CfnCorsRule[];
    };
    return {
      logicalId,
      name: resolver.physicalName(stack, logicalId),
      arn: resolver.resolveString(stack, { 'Fn::GetAtt': [logicalId, 'Arn'] }),
      cors: (cors.CorsRules ?? []).map((rule) => ({
        allowedOrigins: rule.AllowedOrigins ?? [],
        allowedMethods: rule.AllowedMethods ?? [],
        allowedHeaders: rule.AllowedHeaders ?? [],
        exposedHeaders: rule.ExposedHeaders ?? [],
        ...(rule.MaxAge !== undefined && { maxAge: rule.MaxAge }),
      })),
    };
  });
}
