/**
 * The access reminders (functions/expiry-reminders): run every hour by an EventBridge schedule, with an
 * alarm when a run fails. A reminder is due within the hour it falls in; a missed run is caught up by
 * the next (the run reads the days behind it too), so the schedule does not retry.
 */
import { Duration } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { AppFunction, type FunctionResources } from './app-function';
import { Monitoring } from './monitoring';

/** How often due reminders are sent: each goes out within the hour it is due. */
export const EXPIRY_REMINDERS_INTERVAL = Duration.hours(1);

export interface ExpiryRemindersProps {
  resources: FunctionResources;
  alarmTopic: ITopic;
}

export class ExpiryReminders extends Construct {
  readonly fn: AppFunction;

  constructor(scope: Construct, id: string, props: ExpiryRemindersProps) {
    super(scope, id);
    this.fn = new AppFunction(this, 'Function', { name: 'expiry-reminders', resources: props.resources });
    new Rule(this, 'Schedule', {
      description: 'Sends the reminders before customers’ access ends (functions/expiry-reminders)',
      schedule: Schedule.rate(EXPIRY_REMINDERS_INTERVAL),
      targets: [new LambdaFunction(this.fn.handler, { retryAttempts: 0 })],
    });
    new Monitoring(this, 'Alarms', { topic: props.alarmTopic }).functionErrors(
      'expiry-reminders',
      this.fn.handler,
      'The access reminder run failed: reminders due this hour wait for the next run.',
    );
  }
}
