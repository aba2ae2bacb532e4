/**
 * Photo processing: the resize function, run for every object created in the originals bucket, and
 * what happens when it cannot finish.
 *
 * Why a stack of its own, with the bucket imported: S3 notifications are configuration of the
 * bucket. Declared on the bucket object of the data stack, they would make the data stack point
 * at this function while this function's role points at the data stack's buckets: a cyclic
 * cross-stack reference. Importing the bucket here makes CDK manage the notification with a custom
 * resource in THIS stack (merging with, never replacing, other notifications), so references only
 * flow one way (media → data) and the stateful stack never depends on code.

 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import { Bucket, EventType } from 'aws-cdk-lib/aws-s3';
import { LambdaDestination } from 'aws-cdk-lib/aws-s3-notifications';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { AppFunction, type FunctionResources } from '../constructs/app-function';
import { Monitoring } from '../constructs/monitoring';

export interface MediaStackProps extends StackProps {
  resources: FunctionResources;
  /** The topic the stack's alarms notify. */
  alarmTopic: ITopic;
}

export class MediaStack extends Stack {
  readonly resize: AppFunction;
  /** Marks the photos of failed resizes FAILED (with the on-failure queue, next). */
  readonly resizeFailuresConsumer?: AppFunction;

  constructor(scope: Construct, id: string, props: MediaStackProps) {
    super(scope, id, props);
    // sharp is installed next to the bundle (FUNCTION_ACCESS.resize.nodeModules), not in a layer:
    // a layer would be shared, but the lockfile pins it this way too.
    this.resize = new AppFunction(this, 'ResizeFunction', { name: 'resize', resources: props.resources });
    const originals = props.resources.buckets.originals;
    const importedOriginals = Bucket.fromBucketAttributes(this, 'OriginalsBucket', {
      bucketArn: originals.bucketArn,
      bucketName: originals.bucketName,
    });
    importedOriginals.addEventNotification(
      EventType.OBJECT_CREATED,
      new LambdaDestination(this.resize.handler),
    );

    this.addAlarms(props.alarmTopic);
  }

  private addAlarms(topic: ITopic): void {
    const monitoring = new Monitoring(this, 'Alarms', { topic });
    monitoring.functionErrors(
      'resize',
      this.resize.handler,
      'A resize invocation failed (Lambda retries it; after the retries the photo is marked FAILED).',
    );
    monitoring.throttles('resize', this.resize.handler);
    if (this.resizeFailuresConsumer) {
      const consumer = this.resizeFailuresConsumer.handler;
      monitoring.functionErrors('resize-failures', consumer, 'The resize failures consumer failed.');
      monitoring.throttles('resize-failures', consumer);
    }
  }
}
