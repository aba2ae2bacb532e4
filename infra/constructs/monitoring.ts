/**
 * Operations alarms: one SNS topic that the operator subscribes to (the `alarmEmail` setting), and the
 * CloudWatch alarms each stack puts on its own resources, notifying the topic when they fire and when
 * they recover. The topic lives in a stack of its own that only it and its subscription occupy, so
 * the stacks with alarms reference it one way and nothing else depends on them.
 *
 * Thresholds are for a small service: every error of the money path (webhook) or of photo processing is
 * worth a look; the API's 5xx is a rate, so a single failed request out of many does not page anyone.
 */
import { Annotations, Duration, Stack } from 'aws-cdk-lib';
import {
  Alarm,
  ComparisonOperator,
  MathExpression,
  Metric,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IHttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic, type ITopic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { METRIC, METRICS_NAMESPACE, type MetricName } from '#shared/platform/metric-names';
import type { FunctionName } from './function-access';
import { pascalCase } from './naming';

/** CloudWatch's evaluation period for every alarm here. */
const PERIOD = Duration.minutes(5);

export interface AlarmTopicProps {
  /** Where alarms are emailed (the `alarmEmail` setting); unset, the topic has no subscriber yet. */
  email?: string;
}

/** The topic every alarm notifies, with the operator's email subscription. */
export class AlarmTopic extends Construct {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: AlarmTopicProps) {
    super(scope, id);
    // Alarm notifications carry alarm names and metric values only, no customer data: SNS's own
    // encryption would need a customer key CloudWatch may use, for nothing to protect. TLS is required.
    this.topic = new Topic(this, 'Topic', { displayName: 'Shutterlane alarms', enforceSSL: true });
    // The topic policy replaces SNS's default one, so CloudWatch alarms of this account are allowed here.
    const { account, region } = Stack.of(this);
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        sid: 'CloudWatchAlarmsOfThisAccount',
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: {
          ArnLike: {
            'aws:SourceArn': `arn:${Stack.of(this).partition}:cloudwatch:${region}:${account}:alarm:*`,
          },
          StringEquals: { 'aws:SourceAccount': account },
        },
      }),
    );
    if (props.email) this.topic.addSubscription(new EmailSubscription(props.email));
    else
      Annotations.of(this).addWarning(
        'No alarmEmail setting: alarms notify a topic nobody is subscribed to (docs/deploy.md).',
      );
  }
}

export interface MonitoringProps {
  topic: ITopic;
}

/** One stack's alarms; each notifies the topic on ALARM and on OK. */
export class Monitoring extends Construct {
  private readonly action: SnsAction;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    this.action = new SnsAction(props.topic);
  }

  /** 5% or more of the API's requests answered 5xx, in 2 of 3 five-minute periods with 20+ requests. */
  apiServerErrorRate(stage: IHttpStage): Alarm {
    const rate = new MathExpression({
      expression: 'IF(requests >= 20, 100 * errors / requests, 0)',
      usingMetrics: {
        errors: stage.metricServerError({ period: PERIOD, statistic: 'Sum' }),
        requests: stage.metricCount({ period: PERIOD, statistic: 'Sum' }),
      },
      period: PERIOD,
      label: 'API 5xx rate (%)',
    });
    return this.alarm('Api5xxRate', rate, {
      description: '5% or more of the API requests were answered with a 5xx status.',
      threshold: 5,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
    });
  }

  /**
   * Any failed invocation of the function, or any 5xx it answered: an API handler turns its errors into
   * 5xx answers (counted as ServerErrors), so Lambda's Errors metric alone would miss them.
   */
  functionFailures(name: FunctionName, fn: IFunction, description: string): Alarm {
    const failures = new MathExpression({
      expression: 'errors + answered',
      usingMetrics: {
        errors: fn.metricErrors({ period: PERIOD, statistic: 'Sum' }),
        answered: this.appMetric(METRIC.serverErrors, name),
      },
      period: PERIOD,
      label: `${name} failures`,
    });
    return this.alarm(`${pascalCase(name)}Failures`, failures, { description, threshold: 1 });
  }

  /** Any failed invocation (errors, timeouts) of an event-driven function. */
  functionErrors(name: FunctionName, fn: IFunction, description: string): Alarm {
    return this.alarm(`${pascalCase(name)}Errors`, fn.metricErrors({ period: PERIOD, statistic: 'Sum' }), {
      description,
      threshold: 1,
    });
  }

  /** Any invocation Lambda refused for want of concurrency. */
  throttles(name: FunctionName, fn: IFunction): Alarm {
    return this.alarm(
      `${pascalCase(name)}Throttles`,
      fn.metricThrottles({ period: PERIOD, statistic: 'Sum' }),
      {
        description: `The ${name} function was throttled (out of concurrency).`,
        threshold: 1,
      },
    );
  }

  /** Any message waiting in a queue nothing should leave messages in (a dead-letter queue). */
  queueDepth(name: string, queue: IQueue, description: string): Alarm {
    const visible = queue.metricApproximateNumberOfMessagesVisible({ period: PERIOD, statistic: 'Maximum' });
    return this.alarm(`${name}Depth`, visible, { description, threshold: 1 });
  }

  /** A message older than `maxAge` in a queue its consumer normally empties within seconds. */
  queueAge(name: string, queue: IQueue, maxAge: Duration, description: string): Alarm {
    const age = queue.metricApproximateAgeOfOldestMessage({ period: PERIOD, statistic: 'Maximum' });
    return this.alarm(`${name}Age`, age, { description, threshold: maxAge.toSeconds() });
  }

  /**
   * Any count of one of our EMF metrics (functions/lib/metrics.ts) written by the function named
   * `service`, over `period` (a scheduled function's interval, so the alarm holds between its runs).
   */
  appMetricAlarm(
    service: FunctionName,
    metricName: MetricName,
    description: string,
    period: Duration = PERIOD,
  ): Alarm {
    return this.alarm(`${pascalCase(service)}${metricName}`, this.appMetric(metricName, service, period), {
      description,
      threshold: 1,
    });
  }

  /** One of our EMF metrics (functions/lib/metrics.ts), as the function named `service` writes it. */
  private appMetric(metricName: string, service: FunctionName, period: Duration = PERIOD): IMetric {
    return new Metric({
      namespace: METRICS_NAMESPACE,
      metricName,
      dimensionsMap: { service },
      period,
      statistic: 'Sum',
    });
  }

  private alarm(
    constructId: string,
    metric: IMetric,
    options: {
      description: string;
      threshold: number;
      evaluationPeriods?: number;
      datapointsToAlarm?: number;
    },
  ): Alarm {
    const alarm = new Alarm(this, constructId, {
      metric,
      alarmDescription: options.description,
      threshold: options.threshold,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: options.evaluationPeriods ?? 1,
      datapointsToAlarm: options.datapointsToAlarm ?? options.evaluationPeriods ?? 1,
      // No data means nothing happened (no requests, no errors, an empty queue).
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(this.action);
    alarm.addOkAction(this.action);
    return alarm;
  }
}
