/**
 * The media stack's failure path from the synthesized template: resize's asynchronous invocation
 * settings with the on-failure queue, the queues (encrypted, TLS only, 14 days, a dead-letter queue
 * behind the on-failure queue), the consumer's SQS event source with partial batch responses and its
 * grants, resize's reserved concurrency, and the alarms on the queues notifying the alarm topic.
 */
import type { Stack } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { CfnQueue } from 'aws-cdk-lib/aws-sqs';
import type { CfnTopic } from 'aws-cdk-lib/aws-sns';
import { beforeAll, describe, expect, it } from 'vitest';
import { FACES_CONCURRENCY, FACES_MAX_RECEIVES } from '../../infra/stacks/media-stack';
import { RESERVED_CONCURRENCY_PRODUCTION, reservedConcurrencySettings } from '../../infra/stacks/settings';
import type { ShutterlaneStacks } from '../../infra/stacks/shutterlane';
import { mentions, resourcesOf, synthesize, SYNTH_TIMEOUT_MS, templateOf } from './fixture';

let stacks: ShutterlaneStacks;
let media: Stack;
const ids = {
  resize: '',
  consumer: '',
  queue: '',
  deadLetters: '',
  faces: '',
  facesQueue: '',
  facesDeadLetters: '',
  previewJobsQueue: '',
  previewJobsDeadLetters: '',
};

beforeAll(() => {
  stacks = synthesize();
  media = stacks.media;
  const idOf = (construct: { node: { defaultChild?: unknown } }) =>
    media.getLogicalId(construct.node.defaultChild as CfnFunction | CfnQueue);
  ids.resize = idOf(stacks.media.resize.handler);
  ids.consumer = idOf(stacks.media.resizeFailuresConsumer.handler);
  ids.queue = idOf(stacks.media.resizeFailures);
  ids.deadLetters = idOf(stacks.media.resizeFailuresDeadLetters);
  ids.faces = idOf(stacks.media.faces.handler);
  ids.facesQueue = idOf(stacks.media.queues.faces);
  ids.facesDeadLetters = idOf(stacks.media.facesDeadLetters);
  ids.previewJobsQueue = idOf(stacks.media.queues.previewJobs);
  ids.previewJobsDeadLetters = idOf(stacks.media.previewJobsDeadLetters);
}, SYNTH_TIMEOUT_MS);

const FOURTEEN_DAYS = 14 * 24 * 60 * 60;

describe('resize failures in the media stack', () => {
  it('retries resize twice, gives an event two hours, then sends its record to the on-failure queue', () => {
    templateOf(media).hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: ids.resize },
      Qualifier: '$LATEST',
      MaximumRetryAttempts: 2,
      MaximumEventAgeInSeconds: 2 * 60 * 60,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [ids.queue, 'Arn'] } } },
    });
  });

  it('lets the resize role send to the on-failure queue and nothing else on queues', () => {
    const policies = Object.values(resourcesOf(templateOf(media), 'AWS::IAM::Policy'));
    const statements = policies.flatMap(
      (policy) =>
        (
          policy.Properties!.PolicyDocument as {
            Statement: { Action: string | string[]; Resource: unknown }[];
          }
        ).Statement,
    );
    const sqsActions = (queueId: string) =>
      statements
        .filter((s) => mentions(s.Resource, queueId))
        .flatMap((s) => [s.Action].flat())
        .filter((action) => action.startsWith('sqs:'));
    const resizePolicy = policies.find((p) =>
      mentions(p.Properties?.Roles, 'ResizeFunctionHandlerServiceRole'),
    );
    expect(resizePolicy).toBeDefined();
    const resizeStatements = (
      resizePolicy!.Properties!.PolicyDocument as {
        Statement: { Action: string | string[]; Resource: unknown }[];
      }
    ).Statement;
    const resizeOnQueue = resizeStatements
      .filter((s) => mentions(s.Resource, ids.queue))
      .flatMap((s) => [s.Action].flat());
    expect(resizeOnQueue).toContain('sqs:SendMessage');
    expect(resizeOnQueue).not.toContain('sqs:ReceiveMessage');
    // The consumer reads and deletes from the on-failure queue; nobody reads the dead-letter queue.
    expect(sqsActions(ids.queue)).toEqual(
      expect.arrayContaining(['sqs:ReceiveMessage', 'sqs:DeleteMessage']),
    );
    expect(sqsActions(ids.deadLetters)).toEqual([]);
  });

  it('keeps every queue encrypted by SQS for 14 days, the on-failure one moving unhandled records to the dead-letter one', () => {
    const template = templateOf(media);
    const queues = resourcesOf(template, 'AWS::SQS::Queue');
    expect(Object.keys(queues).sort()).toEqual(
      [
        ids.queue,
        ids.deadLetters,
        ids.facesQueue,
        ids.facesDeadLetters,
        ids.previewJobsQueue,
        ids.previewJobsDeadLetters,
      ].sort(),
    );
    for (const queue of Object.values(queues))
      expect(queue.Properties).toMatchObject({
        SqsManagedSseEnabled: true,
        MessageRetentionPeriod: FOURTEEN_DAYS,
      });
    expect(queues[ids.queue]!.Properties).toMatchObject({
      VisibilityTimeout: 60,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [ids.deadLetters, 'Arn'] }, maxReceiveCount: 5 },
    });
    expect(queues[ids.deadLetters]!.Properties?.RedrivePolicy).toBeUndefined();
  });

  it('refuses any request to any queue without TLS', () => {
    for (const queueId of [ids.queue, ids.deadLetters, ids.facesQueue, ids.facesDeadLetters])
      templateOf(media).hasResourceProperties('AWS::SQS::QueuePolicy', {
        Queues: [{ Ref: queueId }],
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({
              Effect: 'Deny',
              Action: 'sqs:*',
              Condition: { Bool: { 'aws:SecureTransport': 'false' } },
            }),
          ]),
        },
      });
  });

  it('runs the consumer from the on-failure queue in small batches with partial batch responses', () => {
    const mappings = resourcesOf(templateOf(media), 'AWS::Lambda::EventSourceMapping');
    expect(
      Object.values(mappings)
        .map((m) => m.Properties)
        .filter((p) => mentions(p?.FunctionName, ids.consumer)),
    ).toEqual([
      expect.objectContaining({
        FunctionName: { Ref: ids.consumer },
        EventSourceArn: { 'Fn::GetAtt': [ids.queue, 'Arn'] },
        BatchSize: 5,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      }),
    ]);
    // The queue hides a record in flight longer than the consumer may run (Lambda refuses otherwise).
    const consumer = resourcesOf(templateOf(media), 'AWS::Lambda::Function')[ids.consumer]!;
    expect(Number(consumer.Properties!.Timeout)).toBeLessThanOrEqual(60);
  });

  it('reserves nothing by default (a new account deploys), and resize its production share when set, never the consumer', () => {
    const functions = resourcesOf(templateOf(media), 'AWS::Lambda::Function');
    expect(functions[ids.resize]!.Properties!.ReservedConcurrentExecutions).toBeUndefined();
    expect(functions[ids.consumer]!.Properties!.ReservedConcurrentExecutions).toBeUndefined();
    const production = synthesize({ context: reservedConcurrencySettings(RESERVED_CONCURRENCY_PRODUCTION) });
    const reserved = resourcesOf(templateOf(production.media), 'AWS::Lambda::Function');
    expect(reserved[ids.resize]!.Properties!.ReservedConcurrentExecutions).toBe(20);
    expect(reserved[ids.consumer]!.Properties!.ReservedConcurrentExecutions).toBeUndefined();
  });

  it('alarms the topic on any dead-lettered record and on a record waiting over 15 minutes', () => {
    const topicId = stacks.alarms.getLogicalId(stacks.alarmTopic.topic.node.defaultChild as CfnTopic);
    const alarms = Object.values(resourcesOf(templateOf(media), 'AWS::CloudWatch::Alarm')).map(
      (a) => a.Properties!,
    );
    const onQueue = (queueId: string, metricName: string) =>
      alarms.filter((alarm) => alarm.MetricName === metricName && mentions(alarm.Dimensions, queueId));
    const [depth] = onQueue(ids.deadLetters, 'ApproximateNumberOfMessagesVisible');
    expect(depth).toMatchObject({
      Namespace: 'AWS/SQS',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: 1,
    });
    const [age] = onQueue(ids.queue, 'ApproximateAgeOfOldestMessage');
    expect(age).toMatchObject({ Namespace: 'AWS/SQS', Threshold: 15 * 60 });
    for (const alarm of [depth!, age!]) {
      expect(mentions(alarm.AlarmActions, topicId)).toBe(true);
      expect(mentions(alarm.OKActions, topicId)).toBe(true);
    }
    // The consumer's own errors and throttles are watched like every function's.
    expect(
      alarms
        .filter((alarm) => mentions(alarm.Dimensions, ids.consumer))
        .map((a) => a.MetricName)
        .sort(),
    ).toEqual(['Errors', 'Throttles']);
  });
});

describe('the faces job in the media stack', () => {
  it('keeps the faces queue encrypted for 14 days, hiding a job six times the function may run, three deliveries before its dead-letter queue', () => {
    const queues = resourcesOf(templateOf(media), 'AWS::SQS::Queue');
    const faces = resourcesOf(templateOf(media), 'AWS::Lambda::Function')[ids.faces]!;
    expect(queues[ids.facesQueue]!.Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      MessageRetentionPeriod: FOURTEEN_DAYS,
      VisibilityTimeout: 6 * Number(faces.Properties!.Timeout),
      RedrivePolicy: {
        deadLetterTargetArn: { 'Fn::GetAtt': [ids.facesDeadLetters, 'Arn'] },
        maxReceiveCount: FACES_MAX_RECEIVES,
      },
    });
    expect(queues[ids.facesDeadLetters]!.Properties).toMatchObject({ MessageRetentionPeriod: FOURTEEN_DAYS });
  });

  it('runs the faces function from its queue a message at a time, with partial batch responses, no more at once than reserved (10 unreserved)', () => {
    const mappings = Object.values(resourcesOf(templateOf(media), 'AWS::Lambda::EventSourceMapping'))
      .map((m) => m.Properties!)
      .filter((p) => mentions(p.FunctionName, ids.faces));
    expect(mappings).toEqual([
      expect.objectContaining({
        EventSourceArn: { 'Fn::GetAtt': [ids.facesQueue, 'Arn'] },
        BatchSize: 1,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        ScalingConfig: { MaximumConcurrency: FACES_CONCURRENCY },
      }),
    ]);
    const faces = resourcesOf(templateOf(media), 'AWS::Lambda::Function')[ids.faces]!;
    expect(faces.Properties!.ReservedConcurrentExecutions).toBeUndefined();
    // Reserved (production), the reservation is the poller's ceiling too.
    const production = synthesize({
      context: reservedConcurrencySettings({ ...RESERVED_CONCURRENCY_PRODUCTION, faces: 6 }),
    });
    const reservedFaces = resourcesOf(templateOf(production.media), 'AWS::Lambda::Function')[ids.faces]!;
    expect(reservedFaces.Properties!.ReservedConcurrentExecutions).toBe(6);
    const [mapping] = Object.values(
      resourcesOf(templateOf(production.media), 'AWS::Lambda::EventSourceMapping'),
    )
      .map((m) => m.Properties!)
      .filter((p) => mentions(p.FunctionName, ids.faces));
    expect(mapping!.ScalingConfig).toEqual({ MaximumConcurrency: 6 });
    // Less than the resize's own share: a big gallery's faces never take the executions of uploads.
    expect(RESERVED_CONCURRENCY_PRODUCTION.faces).toBeLessThanOrEqual(RESERVED_CONCURRENCY_PRODUCTION.resize);
  });

  it('lets the resize, the faces function and the galleries function send to the faces queue, and only the faces function read it', () => {
    const sqsActionsOf = (stack: Stack, roleName: string, queueRef: string) =>
      Object.values(resourcesOf(templateOf(stack), 'AWS::IAM::Policy'))
        .filter((policy) => mentions(policy.Properties?.Roles, roleName))
        .flatMap(
          (policy) =>
            (
              policy.Properties!.PolicyDocument as {
                Statement: { Action: string | string[]; Resource: unknown }[];
              }
            ).Statement,
        )
        .filter((statement) => mentions(statement.Resource, queueRef))
        .flatMap((statement) => [statement.Action].flat());
    expect(sqsActionsOf(media, 'ResizeFunctionHandlerServiceRole', ids.facesQueue)).toContain(
      'sqs:SendMessage',
    );
    expect(sqsActionsOf(media, 'ResizeFunctionHandlerServiceRole', ids.facesQueue)).not.toContain(
      'sqs:ReceiveMessage',
    );
    expect(sqsActionsOf(media, 'FacesFunctionHandlerServiceRole', ids.facesQueue)).toEqual(
      expect.arrayContaining(['sqs:SendMessage', 'sqs:ReceiveMessage', 'sqs:DeleteMessage']),
    );
    // The API stack names the queue by the media stack's export.
    expect(sqsActionsOf(stacks.api, 'GalleriesFunctionHandlerServiceRole', 'FacesQueue')).toContain(
      'sqs:SendMessage',
    );
    expect(sqsActionsOf(stacks.api, 'PublicGalleriesFunctionHandlerServiceRole', 'FacesQueue')).toEqual([]);
  });

  it("alarms on the faces function's errors and throttles, any photo not described, a dead-lettered job and old jobs", () => {
    const alarms = Object.values(resourcesOf(templateOf(media), 'AWS::CloudWatch::Alarm')).map(
      (a) => a.Properties!,
    );
    expect(
      alarms
        .filter((alarm) => mentions(alarm.Dimensions, ids.faces))
        .map((a) => a.MetricName)
        .sort(),
    ).toEqual(['Errors', 'Throttles']);
    const notDescribed = JSON.stringify(alarms).includes('"FacesNotDescribed"');
    expect(notDescribed).toBe(true);
    const onQueue = (queueId: string, metricName: string) =>
      alarms.filter((alarm) => alarm.MetricName === metricName && mentions(alarm.Dimensions, queueId));
    expect(onQueue(ids.facesDeadLetters, 'ApproximateNumberOfMessagesVisible')).toHaveLength(1);
    expect(onQueue(ids.facesQueue, 'ApproximateAgeOfOldestMessage')).toHaveLength(1);
  });
});
