/**
 * EventBridge scheduled rules, run locally: each rule fires at the times its expression gives and
 * invokes its Lambda targets with the event EventBridge sends (`Scheduled Event`, its `time` the
 * scheduled time, its `resources` the rule), or the target's own `Input`. Two clocks:
 * - real time (`npm start`): the rules fire as the minutes pass;
 * - on demand (tests): nothing fires until `advanceTo(time)`, which fires every time due up to `time`
 *   in order, awaiting each invocation: the hours of a month in seconds ("compressed time").
 * A target whose invocation EventBridge would not be allowed (no Lambda permission for the rule) is not
 * invoked, and the firing says so. Targets other than functions (queues) are not run.
 */
import { randomUUID } from 'node:crypto';
import { firingsBetween, parseScheduleExpression, type ScheduleExpression } from './schedule-expression';

export interface ScheduledTarget {
  id: string;
  /** The function's ARN; targets of other kinds are listed but not run. */
  functionArn?: string;
  /** The target's constant input (a JSON text) instead of the scheduled event. */
  input?: string;
  /** Whether a Lambda permission lets the rule invoke the function (as AWS checks it). */
  permitted: boolean;
}

export interface ScheduledRule {
  name: string;
  arn: string;
  expression: string;
  enabled: boolean;
  targets: ScheduledTarget[];
}

export interface Firing {
  rule: string;
  time: string;
  target: string;
  outcome: 'invoked' | 'failed' | 'not-permitted' | 'not-run';
  /** What the function answered, or why it failed. */
  result?: unknown;
}

export interface SchedulerOptions {
  rules: ScheduledRule[];
  account: string;
  region: string;
  invoke(
    functionArn: string,
    event: unknown,
  ): Promise<{ ok: boolean; result?: unknown; errorMessage?: string }>;
  /** Where rates count from, and the on-demand clock's start (default: now). */
  start?: Date;
  realTime?: boolean;
  log?: (line: string) => void;
}

export interface LocalScheduler {
  rules: readonly ScheduledRule[];
  /** The scheduler's clock: the last time it fired up to. */
  now(): Date;
  /** Fires every time due after the clock up to `time`, in order, and moves the clock there. */
  advanceTo(time: Date): Promise<Firing[]>;
  stop(): Promise<void>;
}

/** EventBridge's time format: whole seconds, `Z`. */
const eventTime = (time: Date) => `${time.toISOString().slice(0, 19)}Z`;

function scheduledEvent(rule: ScheduledRule, time: Date, options: SchedulerOptions) {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: options.account,
    time: eventTime(time),
    region: options.region,
    resources: [rule.arn],
    detail: {},
  };
}

async function fire(rule: ScheduledRule, time: Date, options: SchedulerOptions): Promise<Firing[]> {
  return Promise.all(
    rule.targets.map(async (target): Promise<Firing> => {
      const base = { rule: rule.name, time: eventTime(time), target: target.id };
      if (!target.functionArn) return { ...base, outcome: 'not-run' };
      if (!target.permitted) return { ...base, outcome: 'not-permitted' };
      const event = target.input
        ? (JSON.parse(target.input) as unknown)
        : scheduledEvent(rule, time, options);
      const outcome = await options.invoke(target.functionArn, event);
      return outcome.ok
        ? { ...base, outcome: 'invoked', result: outcome.result }
        : { ...base, outcome: 'failed', result: outcome.errorMessage };
    }),
  );
}

const REAL_TIME_TICK_MS = 15_000;

export function startScheduler(options: SchedulerOptions): LocalScheduler {
  const start = options.start ?? new Date();
  const parsed = new Map<string, ScheduleExpression>(
    options.rules.map((rule) => [rule.name, parseScheduleExpression(rule.expression)]),
  );
  let clock = start;
  // One advance at a time: firings stay in order whoever asks.
  let queue: Promise<unknown> = Promise.resolve();

  // A target this stand-in never runs (a queue) is said once, not at every firing of a real-time schedule.
  const saidNotRun = new Set<string>();
  const report = (ruleName: string, firing: Firing) => {
    if (firing.outcome === 'invoked') return;
    if (firing.outcome === 'not-run') {
      if (saidNotRun.has(ruleName)) return;
      saidNotRun.add(ruleName);
    }
    options.log?.(`schedule ${ruleName} at ${firing.time}: ${firing.outcome}`);
  };

  const advance = async (until: Date): Promise<Firing[]> => {
    if (until.getTime() <= clock.getTime()) return [];
    const due = options.rules
      .filter((rule) => rule.enabled)
      .flatMap((rule) =>
        firingsBetween(parsed.get(rule.name)!, start, clock, until).map((time) => ({ rule, time })),
      )
      .sort((a, b) => a.time.getTime() - b.time.getTime());
    const firings: Firing[] = [];
    for (const { rule, time } of due) {
      const fired = await fire(rule, time, options);
      for (const firing of fired) report(rule.name, firing);
      firings.push(...fired);
      clock = time;
    }
    clock = until;
    return firings;
  };

  const advanceTo = (time: Date) => {
    const next = queue.then(() => advance(time));
    queue = next.catch(() => undefined);
    return next;
  };

  const timer = options.realTime
    ? setInterval(
        () => void advanceTo(new Date()).catch((error: unknown) => options.log?.(String(error))),
        REAL_TIME_TICK_MS,
      )
    : undefined;
  timer?.unref();

  return {
    rules: options.rules,
    now: () => clock,
    advanceTo,
    async stop() {
      if (timer) clearInterval(timer);
      await queue;
    },
  };
}
