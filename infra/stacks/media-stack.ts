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
 *
 * Failures: S3 invokes resize asynchronously, so Lambda retries a failed invocation and then sends its
 * invocation record to the on-failure queue; the resize-failures consumer marks the photo FAILED (the
 * seller sees it and can retry). A record the consumer cannot handle ends in the dead-letter queue,
 * which raises an alarm, as does a record waiting too long in the on-failure queue.
 *
 * Follow-up jobs: the resize writes derived copies only (never an original, so nothing it does triggers
 * it again) and announces a READY photo to the queue of each job its gallery needs. The faces queue
 * (describe a photo's faces; walk a gallery's photos when its face search is switched on) is read by the
 * faces function; a message it fails is delivered again, then moved to the faces dead-letter queue,
 * which raises an alarm. The API's galleries function sends to it too, so the API stack depends on this
 * one (never the other way).
 */
import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { SqsQueue } from 'aws-cdk-lib/aws-events-targets';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Bucket, EventType } from 'aws-cdk-lib/aws-s3';
import { LambdaDestination } from 'aws-cdk-lib/aws-s3-notifications';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { METRIC } from '#shared/platform/metric-names';
import { SWEEP_START } from '#shared/platform/schedules';
import { ORIGINALS_PREFIX, type QueueName } from '#shared/platform/storage-layout';
import { AppFunction, reservationOf, type FunctionResources } from '../constructs/app-function';
import { FUNCTION_ACCESS } from '../constructs/function-access';
import { Monitoring } from '../constructs/monitoring';

/**
 * Lambda's asynchronous invocation settings for resize: its two retries (the default, written down),
 * and how long an event may wait (throttled behind the reserved concurrency, or between retries)
 * before it is given up and the photo marked FAILED: 20 resizes at once drain thousands of photos in
 * that time, and a seller is better served by a FAILED photo with a retry than by one PROCESSING for
 * hours.
 */
export const RESIZE_ASYNC = { retryAttempts: 2, maxEventAge: Duration.hours(2) } as const;

/**
 * The faces job at once when its concurrency is not reserved (the reservedConcurrencyFaces setting):
 * 10 describe about 10 photos a second, so a gallery of 20,000 photos switched on (2,000 describe
 * messages) is indexed in some 35 minutes and the rest of the account's executions stay with uploads and
 * customers. With a reservation, the reservation is the ceiling.
 */
export const FACES_CONCURRENCY = 10;

/**
 * The faces queue's event source: one message an invocation (up to FACE_BATCH_PHOTOS photos, about a
 * second each), and at most as many concurrent invocations as are reserved (FACES_CONCURRENCY when none
 * is), so Lambda's poller never receives more than the function can take (throttled messages would count
 * as receives and could reach the dead-letter queue unprocessed).
 */
export function facesEventSource(reserved: number): { batchSize: number; maxConcurrency: number } {
  return { batchSize: 1, maxConcurrency: reserved > 0 ? reserved : FACES_CONCURRENCY };
}

/** Deliveries of a face job before it moves to the faces dead-letter queue (an alarm). */
export const FACES_MAX_RECEIVES = 3;

/**
 * A face job this old means the faces function is not keeping up or not reading: a 20,000-photo gallery
 * is described in well under an hour at FACES_CONCURRENCY.
 */
const FACES_MAX_AGE = Duration.hours(3);

/** Queue settings: SQS's longest retention, so a failure record survives a long outage of the consumer. */
const RETENTION = Duration.days(14);
/** Lambda's advice for an SQS event source: visibility at least six times the function's timeout. */
const CONSUMER_VISIBILITY = Duration.minutes(1);
/** Deliveries of a record the consumer could not handle before it moves to the dead-letter queue. */
const MAX_RECEIVES = 5;
/** Records per consumer invocation: a few, so one bad record delays few others. */
const CONSUMER_BATCH_SIZE = 5;
/** Preview jobs per invocation: one `make` job draws 20 previews (a few seconds), so one at a time. */
const PREVIEW_JOBS_BATCH_SIZE = 1;
/**
 * Preview jobs at once (the event source's maximum concurrency, Lambda's least being 2): ten draw about
 * 60 previews a second, so a gallery of 20,000 photos is ready in roughly ten minutes after publishing,
 * and visitors before then have the rest made on demand.
 */
export const PREVIEW_JOBS_CONCURRENCY = 10;
/** Deliveries of a preview job before it moves to its dead-letter queue (an alarm). */
const PREVIEW_JOBS_MAX_RECEIVES = 5;
/**
 * When the daily sweep of previews no customer can be shown starts (functions/preview-jobs/sweep.ts):
 * a quiet hour in Europe and the Americas, after midnight's end dates have passed.
 */
export const PREVIEW_SWEEP_SCHEDULE = { minute: '30', hour: '3' } as const;
/** The consumer empties the on-failure queue within seconds; a record this old means it is stuck. */
const ON_FAILURE_MAX_AGE = Duration.minutes(15);

export interface MediaStackProps extends StackProps {
  resources: FunctionResources;
  /** The topic the stack's alarms notify. */
  alarmTopic: ITopic;
}

export class MediaStack extends Stack {
  readonly resize: AppFunction;
  /** Marks FAILED the photos whose resize failed for good (the on-failure queue's consumer). */
  readonly resizeFailuresConsumer: AppFunction;
  /** Where Lambda sends the invocation record of a resize that failed after its retries. */
  readonly resizeFailures: Queue;
  /** Records the consumer could not handle after MAX_RECEIVES deliveries: an operator looks. */
  readonly resizeFailuresDeadLetters: Queue;
  /** The follow-up jobs' queues the functions send to (storage-layout.ts QUEUES). */
  readonly queues: Record<QueueName, Queue>;
  /** Face jobs the faces function failed FACES_MAX_RECEIVES times: an operator looks, then redrives. */
  readonly facesDeadLetters: Queue;
  /** Describes the faces of public galleries' photos (the faces queue's consumer). */
  readonly faces: AppFunction;
  /** Preview jobs the consumer failed PREVIEW_JOBS_MAX_RECEIVES times (an alarm): made on demand meanwhile. */
  readonly previewJobsDeadLetters: Queue;
  /** Makes public galleries' previews ahead of visitors, and deletes the folders whose access ended. */
  readonly previewJobs: AppFunction;

  constructor(scope: Construct, id: string, props: MediaStackProps) {
    super(scope, id, props);
    this.facesDeadLetters = this.queue('FacesDeadLetters');
    this.previewJobsDeadLetters = this.queue('PreviewJobsDeadLetters');
    // Lambda's advice for an SQS event source: visibility at least six times the function's timeout.
    const visibility = (name: 'faces' | 'preview-jobs') =>
      Duration.seconds(6 * (FUNCTION_ACCESS[name].timeoutSeconds ?? 60));
    this.queues = {
      faces: this.queue('FacesQueue', {
        visibilityTimeout: visibility('faces'),
        deadLetterQueue: { queue: this.facesDeadLetters, maxReceiveCount: FACES_MAX_RECEIVES },
      }),
      previewJobs: this.queue('PreviewJobsQueue', {
        visibilityTimeout: visibility('preview-jobs'),
        deadLetterQueue: { queue: this.previewJobsDeadLetters, maxReceiveCount: PREVIEW_JOBS_MAX_RECEIVES },
      }),
    };
    const resources = { ...props.resources, queues: this.queues };
    // sharp is installed next to the bundle (FUNCTION_ACCESS.resize.nodeModules), not in a layer:
    // a layer would be shared, but the lockfile pins it this way too.
    // With a reservation, a burst of uploads queues behind it (Lambda holds throttled asynchronous events
    // up to their maximum age) instead of taking the executions the API's functions need.
    const reserved = props.resources.settings.reservedConcurrency;
    this.resize = new AppFunction(this, 'ResizeFunction', {
      name: 'resize',
      resources,
      ...reservationOf(reserved.resize),
    });
    const originals = props.resources.buckets.originals;
    const importedOriginals = Bucket.fromBucketAttributes(this, 'OriginalsBucket', {
      bucketArn: originals.bucketArn,
      bucketName: originals.bucketName,
    });
    // Only the current layout's originals: an object elsewhere (an old key before the migration moves it,
    // anything an operator puts there) is not resize's to process.
    importedOriginals.addEventNotification(
      EventType.OBJECT_CREATED,
      new LambdaDestination(this.resize.handler),
      { prefix: ORIGINALS_PREFIX },
    );

    this.resizeFailuresDeadLetters = this.queue('ResizeFailuresDeadLetters');
    this.resizeFailures = this.queue('ResizeFailures', {
      visibilityTimeout: CONSUMER_VISIBILITY,
      deadLetterQueue: { queue: this.resizeFailuresDeadLetters, maxReceiveCount: MAX_RECEIVES },
    });
    // SqsDestination grants the resize role sqs:SendMessage on the queue (Lambda sends as the function).
    this.resize.handler.configureAsyncInvoke({
      ...RESIZE_ASYNC,
      onFailure: new SqsDestination(this.resizeFailures),
    });
    this.resizeFailuresConsumer = new AppFunction(this, 'ResizeFailuresFunction', {
      name: 'resize-failures',
      resources,
    });
    // The event source grants the consumer's role what Lambda's poller does with its credentials.
    this.resizeFailuresConsumer.handler.addEventSource(
      new SqsEventSource(this.resizeFailures, {
        batchSize: CONSUMER_BATCH_SIZE,
        reportBatchItemFailures: true,
      }),
    );

    this.faces = new AppFunction(this, 'FacesFunction', {
      name: 'faces',
      resources,
      ...reservationOf(reserved.faces),
    });
    this.faces.handler.addEventSource(
      new SqsEventSource(this.queues.faces, {
        ...facesEventSource(reserved.faces),
        reportBatchItemFailures: true,
      }),
    );

    this.previewJobs = this.previewJobsConsumer(resources);
    this.schedulePreviewSweep();
    this.addAlarms(props.alarmTopic);
  }

  /**
   * The preview jobs queue's consumer (the galleries, branding and resize functions send to the queue).
   * At most PREVIEW_JOBS_CONCURRENCY at once, so publishing a gallery of 20,000 photos leaves the
   * account's concurrency to everyone else (the queue holds the rest).
   */
  private previewJobsConsumer(resources: FunctionResources): AppFunction {
    const consumer = new AppFunction(this, 'PreviewJobsFunction', { name: 'preview-jobs', resources });
    consumer.handler.addEventSource(
      new SqsEventSource(this.queues.previewJobs, {
        batchSize: PREVIEW_JOBS_BATCH_SIZE,
        reportBatchItemFailures: true,
        maxConcurrency: PREVIEW_JOBS_CONCURRENCY,
      }),
    );
    return consumer;
  }

  /**
   * The daily sweep's first message, sent by EventBridge to the preview jobs queue (the target adds the
   * queue policy letting this rule, and only it, send). A sweep that fails is retried by the queue and
   * dead-lettered like any preview job (an alarm).
   */
  private schedulePreviewSweep(): void {
    new Rule(this, 'PreviewSweepSchedule', {
      description: 'Daily: remove the watermarked previews no customer can be shown any more',
      schedule: Schedule.cron(PREVIEW_SWEEP_SCHEDULE),
      targets: [new SqsQueue(this.queues.previewJobs, { message: RuleTargetInput.fromObject(SWEEP_START) })],
    });
  }

  /** A queue of this stack: SQS-managed encryption at rest, TLS only, kept as long as SQS allows. */
  private queue(id: string, props: ConstructorParameters<typeof Queue>[2] = {}): Queue {
    return new Queue(this, id, {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: RETENTION,
      ...props,
    });
  }

  private addAlarms(topic: ITopic): void {
    const monitoring = new Monitoring(this, 'Alarms', { topic });
    monitoring.functionErrors(
      'resize',
      this.resize.handler,
      'A resize invocation failed (Lambda retries it; after the retries the photo is marked FAILED).',
    );
    monitoring.throttles('resize', this.resize.handler);
    const consumer = this.resizeFailuresConsumer.handler;
    monitoring.functionErrors('resize-failures', consumer, 'The resize failures consumer failed.');
    monitoring.throttles('resize-failures', consumer);
    monitoring.queueDepth(
      'ResizeFailuresDeadLetters',
      this.resizeFailuresDeadLetters,
      'A resize failure record could not be handled: its photo may still show PROCESSING (read the dead-letter queue).',
    );
    monitoring.functionErrors('preview-jobs', this.previewJobs.handler, 'A preview jobs invocation failed.');
    monitoring.throttles('preview-jobs', this.previewJobs.handler);
    monitoring.queueDepth(
      'PreviewJobsDeadLetters',
      this.previewJobsDeadLetters,
      'A preview job failed after its retries: some previews are made on demand instead (read the dead-letter queue).',
    );
    monitoring.queueAge(
      'ResizeFailures',
      this.resizeFailures,
      ON_FAILURE_MAX_AGE,
      'Resize failure records wait unhandled: the consumer is not reading the on-failure queue.',
    );
    this.addFacesAlarms(monitoring);
  }

  private addFacesAlarms(monitoring: Monitoring): void {
    const faces = this.faces.handler;
    monitoring.functionErrors(
      'faces',
      faces,
      'The faces function failed (its messages are delivered again).',
    );
    monitoring.throttles('faces', faces);
    monitoring.appMetricAlarm(
      'faces',
      METRIC.facesNotDescribed,
      "A photo's faces could not be described (its message is delivered again; the seller sees the count).",
    );
    monitoring.queueDepth(
      'FacesDeadLetters',
      this.facesDeadLetters,
      'A face job failed every delivery: its photos are not in Find my photos (read the dead-letter queue, then redrive it).',
    );
    monitoring.queueAge(
      'Faces',
      this.queues.faces,
      FACES_MAX_AGE,
      'Face jobs wait long: the faces function is not keeping up or not reading the faces queue.',
    );
  }
}
