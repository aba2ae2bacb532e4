/**
 * The negative-balance watch (functions/balance-watch): run hourly by an EventBridge schedule, with an
 * alarm when any connected account's balance is negative and one when a run fails. The alarm's period is
 * the schedule's, so it stays in ALARM for as long as each run still finds a negative balance, and
 * returns to OK after the first run that finds none (docs/deploy.md says what to do).
 */
import { Duration } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { METRIC } from '#shared/platform/metric-names';
import { AppFunction, type FunctionResources } from './app-function';
import { Monitoring } from './monitoring';

/** How often the balances are read: a negative balance is known within the hour. */
export const BALANCE_WATCH_INTERVAL = Duration.hours(1);

export interface BalanceWatchProps {
  resources: FunctionResources;
  alarmTopic: ITopic;
}

export class BalanceWatch extends Construct {
  readonly fn: AppFunction;

  constructor(scope: Construct, id: string, props: BalanceWatchProps) {
    super(scope, id);
    this.fn = new AppFunction(this, 'Function', { name: 'balance-watch', resources: props.resources });
    new Rule(this, 'Schedule', {
      description: 'Reads the connected accounts’ balances (functions/balance-watch)',
      schedule: Schedule.rate(BALANCE_WATCH_INTERVAL),
      // A missed run is caught by the next one: no retries that would read every balance twice.
      targets: [new LambdaFunction(this.fn.handler, { retryAttempts: 0 })],
    });
    const monitoring = new Monitoring(this, 'Alarms', { topic: props.alarmTopic });
    monitoring.appMetricAlarm(
      'balance-watch',
      METRIC.negativeBalanceAccounts,
      'A connected account’s Stripe balance is negative (a refund or lost dispute it cannot cover): see the watch’s log and docs/deploy.md.',
      BALANCE_WATCH_INTERVAL,
    );
    monitoring.functionErrors(
      'balance-watch',
      this.fn.handler,
      'The negative-balance watch failed: connected accounts’ balances went unread this hour.',
    );
  }
}
