/**
 * Asynchronous invocation as Lambda does it (how S3 invokes a function): the caller gets an answer at
 * once (Lambda's 202) while the event waits in the function's queue; a failed invocation (an error, a
 * timeout, a crash) is retried with the template's EventInvokeConfig (MaximumRetryAttempts, default 2;
 * MaximumEventAgeInSeconds, default 6 hours) and Lambda's back-off (1 minute before the second attempt,
 * 2 minutes before the third); when the attempts run out, or the event grows older than its maximum
 * age, its invocation record goes to the OnFailure destination, as Lambda sends it.
 *
 * Local time is compressed: Lambda's waits are divided by `timeScale` (default 600: a minute becomes
 * 100 ms), so a failure reaches its destination within a test's time while retries keep their order and
 * proportions. The event's age is kept in Lambda's time: each wait counts at its full length, each attempt
 * at the time it took (an attempt is not compressed), so an attempt as long as the function's timeout ages
 * the event as it would in Lambda (a minute of two hours) rather than 600 times that. Throttling and
 * Lambda's own service errors, which Lambda retries for up to the maximum age, cannot happen locally.
 */
import { randomUUID } from 'node:crypto';
import { resourcesOfType } from '@shutterlane/aws-standins/cloudformation/assembly';
import type { TemplateResolver } from '@shutterlane/aws-standins/cloudformation/resolver';
import type { InvocationOutcome } from './protocol';

export interface AsyncInvokeConfig {
  maximumRetryAttempts: number;
  maximumEventAgeSeconds: number;
  /** Destination ARNs (an SQS queue, SNS topic, function or bus). */
  onFailure?: string;
  onSuccess?: string;
}

/** Lambda's defaults for a function without an EventInvokeConfig. */
export const DEFAULT_ASYNC_CONFIG: AsyncInvokeConfig = {
  maximumRetryAttempts: 2,
  maximumEventAgeSeconds: 6 * 60 * 60,
};

/** Lambda's waits before the second and third attempts of a failed event. */
export const RETRY_DELAYS_MS = [60_000, 120_000] as const;

/** The record Lambda sends to a destination (the Lambda developer guide's invocation record). */
export interface InvocationRecord {
  version: '1.0';
  timestamp: string;
  requestContext: {
    requestId: string;
    functionArn: string;
    condition: 'Success' | 'RetriesExhausted' | 'EventAgeExceeded';
    approximateInvokeCount: number;
  };
  requestPayload: unknown;
  responseContext: { statusCode: number; executedVersion: string; functionError?: string };
  responsePayload: unknown;
}

interface EventInvokeConfigProperties {
  MaximumRetryAttempts?: number;
  MaximumEventAgeInSeconds?: number;
  Qualifier?: string;
  DestinationConfig?: { OnFailure?: { Destination: string }; OnSuccess?: { Destination: string } };
}

/** Each function's EventInvokeConfig from the templates, by function ARN (unqualified, `$LATEST`). */
export function asyncInvokeConfigs(resolver: TemplateResolver): Map<string, AsyncInvokeConfig> {
  const configs = new Map<string, AsyncInvokeConfig>();
  for (const { stack, resource } of resourcesOfType(resolver.assembly, 'AWS::Lambda::EventInvokeConfig')) {
    const functionRef = resource.Properties?.FunctionName as { Ref?: string } | undefined;
    if (!functionRef?.Ref)
      throw new Error(`${stack}: an EventInvokeConfig must name a function of its stack`);
    const functionArn = resolver.resolveString(stack, { 'Fn::GetAtt': [functionRef.Ref, 'Arn'] });
    const properties = resolver.resolve(stack, resource.Properties) as EventInvokeConfigProperties;
    const destinations = properties.DestinationConfig;
    configs.set(functionArn, {
      maximumRetryAttempts: properties.MaximumRetryAttempts ?? DEFAULT_ASYNC_CONFIG.maximumRetryAttempts,
      maximumEventAgeSeconds:
        properties.MaximumEventAgeInSeconds ?? DEFAULT_ASYNC_CONFIG.maximumEventAgeSeconds,
      ...(destinations?.OnFailure && { onFailure: destinations.OnFailure.Destination }),
      ...(destinations?.OnSuccess && { onSuccess: destinations.OnSuccess.Destination }),
    });
  }
  return configs;
}

export type Invoke = (arn: string, event: unknown) => Promise<InvocationOutcome>;

/** Sends a record to a destination, signed as the function (Lambda uses its execution role). */
export type DeliverRecord = (
  destinationArn: string,
  record: InvocationRecord,
  functionArn: string,
) => Promise<void>;

export interface AsyncInvokerOptions {
  /** A synchronous invocation (FunctionHost.invoke). */
  invoke: Invoke;
  configs: Map<string, AsyncInvokeConfig>;
  deliver: DeliverRecord;
  /** How much faster than Lambda's the waits and event ages run (default 600). */
  timeScale?: number;
  /** Reports what Lambda would log or count (a dropped event, a failed delivery). */
  log?: (line: string) => void;
}

export class AsyncInvoker {
  private readonly pending = new Set<Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;

  constructor(private readonly options: AsyncInvokerOptions) {}

  /** Queues the event and answers at once, as Lambda answers an `Event` invocation with 202. */
  readonly invoke = (arn: string, event: unknown): Promise<InvocationOutcome> => {
    if (this.stopped) return Promise.resolve({ ok: false, errorType: 'Stopped', errorMessage: 'stopped' });
    const run = this.run(arn, event).catch((error: unknown) => this.log(`[async ${arn}] ${String(error)}`));
    this.pending.add(run);
    void run.finally(() => this.pending.delete(run));
    return Promise.resolve({ ok: true, result: undefined });
  };

  /** Resolves when every queued event has finished (its attempts, and its record delivered). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private get scale(): number {
    return this.options.timeScale ?? 600;
  }

  private log(line: string): void {
    (this.options.log ?? console.error)(line);
  }

  private wait(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve(!this.stopped);
      }, ms / this.scale);
      this.timers.add(timer);
    });
  }

  private async run(arn: string, event: unknown): Promise<void> {
    const config = this.options.configs.get(arn) ?? DEFAULT_ASYNC_CONFIG;
    /** The event's age in Lambda's time (see above). */
    let ageMs = 0;
    let outcome: InvocationOutcome | undefined;
    let attempts = 0;
    while (attempts <= config.maximumRetryAttempts) {
      if (attempts > 0) {
        const delayMs = RETRY_DELAYS_MS[Math.min(attempts, 2) - 1]!;
        if (!(await this.wait(delayMs))) return;
        ageMs += delayMs;
      }
      if (ageMs > config.maximumEventAgeSeconds * 1000)
        return this.finish(arn, event, config, 'EventAgeExceeded', attempts, outcome);
      attempts += 1;
      const attemptedAt = Date.now();
      outcome = await this.options.invoke(arn, event);
      ageMs += Date.now() - attemptedAt;
      if (outcome.ok) return this.finish(arn, event, config, 'Success', attempts, outcome);
    }
    return this.finish(arn, event, config, 'RetriesExhausted', attempts, outcome);
  }

  private async finish(
    arn: string,
    event: unknown,
    config: AsyncInvokeConfig,
    condition: InvocationRecord['requestContext']['condition'],
    attempts: number,
    outcome: InvocationOutcome | undefined,
  ): Promise<void> {
    const destination = condition === 'Success' ? config.onSuccess : config.onFailure;
    if (!destination) {
      if (condition !== 'Success')
        this.log(`[async ${arn}] event dropped (${condition}) after ${attempts} attempts`);
      return;
    }
    const record = invocationRecord(arn, event, condition, attempts, outcome);
    // Lambda counts a failed delivery (DestinationDeliveryFailures) and drops the record.
    await this.options
      .deliver(destination, record, arn)
      .catch((error: unknown) =>
        this.log(`[async ${arn}] delivery to ${destination} failed: ${String(error)}`),
      );
  }
}

/** The invocation record, shaped as Lambda's (a Node.js function's errors are `Unhandled`). */
export function invocationRecord(
  functionArn: string,
  event: unknown,
  condition: InvocationRecord['requestContext']['condition'],
  attempts: number,
  outcome: InvocationOutcome | undefined,
): InvocationRecord {
  const failed = outcome !== undefined && !outcome.ok;
  return {
    version: '1.0',
    timestamp: new Date().toISOString(),
    requestContext: {
      requestId: randomUUID(),
      functionArn: `${functionArn}:$LATEST`,
      condition,
      approximateInvokeCount: attempts,
    },
    requestPayload: event,
    responseContext: {
      statusCode: 200,
      executedVersion: '$LATEST',
      ...(failed && { functionError: 'Unhandled' }),
    },
    responsePayload:
      outcome === undefined
        ? null
        : outcome.ok
          ? outcome.result
          : {
              errorType: outcome.errorType,
              errorMessage: outcome.errorMessage,
              ...(outcome.stack && { trace: outcome.stack.split('\n') }),
            },
  };
}
