/**
 * A function an EventBridge schedule runs at a fixed rate, with an alarm when a run fails. A missed run
 * is caught up by the next, so the schedule does not retry (a retry would repeat work the next run does).
 */
import type { Duration } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import type { FunctionName } from './function-access';
import { AppFunction, type FunctionResources } from './app-function';
import { Monitoring } from './monitoring';

export interface ScheduledFunctionProps {
  name: FunctionName;
  resources: FunctionResources;
  alarmTopic: ITopic;
  every: Duration;
  /** What the rule runs, for the console. */
  description: string;
  /** What the failure alarm tells the operator. */
  whenFailing: string;
}

export class ScheduledFunction extends Construct {
  readonly fn: AppFunction;
  protected readonly monitoring: Monitoring;

  constructor(scope: Construct, id: string, props: ScheduledFunctionProps) {
    super(scope, id);
    this.fn = new AppFunction(this, 'Function', { name: props.name, resources: props.resources });
    new Rule(this, 'Schedule', {
      description: props.description,
      schedule: Schedule.rate(props.every),
      targets: [new LambdaFunction(this.fn.handler, { retryAttempts: 0 })],
    });
    this.monitoring = new Monitoring(this, 'Alarms', { topic: props.alarmTopic });
    this.monitoring.functionErrors(props.name, this.fn.handler, props.whenFailing);
  }
}
