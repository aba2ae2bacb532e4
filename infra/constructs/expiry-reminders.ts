/**
 * The access reminders (functions/expiry-reminders): run every hour, with an alarm when a run fails. A
 * reminder goes out within the hour it falls due; a missed run is caught up by the next (the run reads the
 * days behind it too).
 */
import { Duration } from 'aws-cdk-lib';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import type { FunctionResources } from './app-function';
import { ScheduledFunction } from './scheduled-function';

/** How often due reminders are sent: each goes out within the hour it is due. */
export const EXPIRY_REMINDERS_INTERVAL = Duration.hours(1);

export class ExpiryReminders extends ScheduledFunction {
  constructor(scope: Construct, id: string, props: { resources: FunctionResources; alarmTopic: ITopic }) {
    super(scope, id, {
      ...props,
      name: 'expiry-reminders',
      every: EXPIRY_REMINDERS_INTERVAL,
      description: 'Sends the reminders before customers’ access ends (functions/expiry-reminders)',
      whenFailing: 'The access reminder run failed: reminders due this hour wait for the next run.',
    });
  }
}
