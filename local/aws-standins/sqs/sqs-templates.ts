/**
 * The queues the synthesized templates create (AWS::SQS::Queue), as CloudFormation creates them: the
 * physical name and ARN the template resolver gives them, and their settings with SQS's defaults
 * where the template leaves one out.
 */
import { resourcesOfType } from '../cloudformation/assembly';
import type { TemplateResolver } from '../cloudformation/resolver';
import type { QueueDefinition } from './sqs-queues';

/** SQS's defaults (CreateQueue): 30 s visibility, 4 days retention, no delay, short polling. */
const DEFAULTS = { visibilityTimeout: 30, messageRetentionPeriod: 345_600, delaySeconds: 0, waitSeconds: 0 };

interface QueueProperties {
  VisibilityTimeout?: number;
  MessageRetentionPeriod?: number;
  DelaySeconds?: number;
  ReceiveMessageWaitTimeSeconds?: number;
  RedrivePolicy?: { deadLetterTargetArn: string; maxReceiveCount: number | string };
  SqsManagedSseEnabled?: boolean;
  KmsMasterKeyId?: string;
}

export function queueDefinitions(resolver: TemplateResolver): QueueDefinition[] {
  return resourcesOfType(resolver.assembly, 'AWS::SQS::Queue').map(({ stack, logicalId, resource }) => {
    const properties = resolver.resolve(stack, resource.Properties ?? {}) as QueueProperties;
    const attribute = (name: string) => resolver.resolveString(stack, { 'Fn::GetAtt': [logicalId, name] });
    const redrive = properties.RedrivePolicy;
    return {
      name: attribute('QueueName'),
      arn: attribute('Arn'),
      visibilityTimeout: Number(properties.VisibilityTimeout ?? DEFAULTS.visibilityTimeout),
      messageRetentionPeriod: Number(properties.MessageRetentionPeriod ?? DEFAULTS.messageRetentionPeriod),
      delaySeconds: Number(properties.DelaySeconds ?? DEFAULTS.delaySeconds),
      receiveMessageWaitTimeSeconds: Number(properties.ReceiveMessageWaitTimeSeconds ?? DEFAULTS.waitSeconds),
      ...(redrive && {
        redrivePolicy: {
          deadLetterTargetArn: redrive.deadLetterTargetArn,
          maxReceiveCount: Number(redrive.maxReceiveCount),
        },
      }),
      extraAttributes: {
        ...(properties.SqsManagedSseEnabled !== undefined && {
          SqsManagedSseEnabled: String(properties.SqsManagedSseEnabled),
        }),
        ...(properties.KmsMasterKeyId !== undefined && { KmsMasterKeyId: properties.KmsMasterKeyId }),
      },
    };
  });
}
