/**
 * The negative-balance watch (functions/balance-watch): run hourly by an EventBridge schedule, with an
 * alarm when any connected account's balance is negative and one when a run fails. The alarm's period is
 * the schedule's, so it stays in ALARM for as long as each run still finds a negative balance, and
 * returns to OK after the first run that finds none (docs/deploy.md says what to do).
 */
import { Duration } from 'aws-cdk-lib';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { METRIC } from '#shared/platform/metric-names';
import type { FunctionResources } from './app-function';
import { ScheduledFunction } from './scheduled-function';

/** How often the balances are read: a negative balance is known within the hour. */
export const BALANCE_WATCH_INTERVAL = Duration.hours(1);

export interface BalanceWatchProps {
  resources: FunctionResources;
  alarmTopic: ITopic;
}

export class BalanceWatch extends ScheduledFunction {
  constructor(scope: Construct, id: string, props: BalanceWatchProps) {
    super(scope, id, {
      ...props,
      name: 'balance-watch',
      every: BALANCE_WATCH_INTERVAL,
      description: 'Reads the connected accounts’ balances (functions/balance-watch)',
      whenFailing: 'The negative-balance watch failed: connected accounts’ balances went unread this hour.',
    });
    this.monitoring.appMetricAlarm(
      'balance-watch',
      METRIC.negativeBalanceAccounts,
      'A connected account’s Stripe balance is negative (a refund or lost dispute it cannot cover): see the watch’s log and docs/deploy.md.',
      BALANCE_WATCH_INTERVAL,
    );
  }
}
