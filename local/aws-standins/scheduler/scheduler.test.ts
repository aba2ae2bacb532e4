import { describe, expect, it } from 'vitest';
import { startScheduler, type ScheduledRule } from './scheduler';

const rule = (overrides: Partial<ScheduledRule> = {}): ScheduledRule => ({
  name: 'Reminders',
  arn: 'arn:aws:events:eu-west-2:000000000000:rule/Reminders',
  expression: 'rate(1 hour)',
  enabled: true,
  targets: [{ id: 'Target0', functionArn: 'arn:fn:reminders', permitted: true }],
  ...overrides,
});

function recorder() {
  const calls: { arn: string; event: Record<string, unknown> }[] = [];
  const invoke = async (arn: string, event: unknown) => {
    calls.push({ arn, event: event as Record<string, unknown> });
    return { ok: true, result: { at: (event as { time?: string }).time } };
  };
  return { calls, invoke };
}

const start = new Date('2026-01-01T00:00:00Z');
const options = { account: '000000000000', region: 'eu-west-2', start };

describe('the schedule stand-in', () => {
  it('fires nothing until its clock is moved, then every time due, in order, with EventBridge’s event', async () => {
    const { calls, invoke } = recorder();
    const scheduler = startScheduler({ ...options, rules: [rule()], invoke });
    expect(calls).toEqual([]);
    const firings = await scheduler.advanceTo(new Date('2026-01-01T03:30:00Z'));
    expect(firings.map((firing) => firing.time)).toEqual([
      '2026-01-01T01:00:00Z',
      '2026-01-01T02:00:00Z',
      '2026-01-01T03:00:00Z',
    ]);
    expect(calls[0]?.event).toMatchObject({
      'detail-type': 'Scheduled Event',
      source: 'aws.events',
      time: '2026-01-01T01:00:00Z',
      resources: ['arn:aws:events:eu-west-2:000000000000:rule/Reminders'],
    });
    expect(scheduler.now().toISOString()).toBe('2026-01-01T03:30:00.000Z');
    expect(await scheduler.advanceTo(new Date('2026-01-01T03:59:00Z'))).toEqual([]);
    await scheduler.stop();
  });

  it('passes a target’s own input instead of the event', async () => {
    const { calls, invoke } = recorder();
    const target = { id: 'T', functionArn: 'arn:fn:sweep', input: '{"kind":"sweep"}', permitted: true };
    const scheduler = startScheduler({ ...options, rules: [rule({ targets: [target] })], invoke });
    await scheduler.advanceTo(new Date('2026-01-01T01:00:00Z'));
    expect(calls.map((call) => call.event)).toEqual([{ kind: 'sweep' }]);
  });

  it('invokes no function without a permission for the rule, nor a disabled rule, nor a queue target', async () => {
    const { calls, invoke } = recorder();
    const rules = [
      rule({ name: 'Unpermitted', targets: [{ id: 'A', functionArn: 'arn:fn:x', permitted: false }] }),
      rule({ name: 'Disabled', enabled: false }),
      rule({ name: 'Queue', targets: [{ id: 'Q', permitted: false }] }),
    ];
    const scheduler = startScheduler({ ...options, rules, invoke });
    const firings = await scheduler.advanceTo(new Date('2026-01-01T01:00:00Z'));
    expect(calls).toEqual([]);
    expect(firings.map((firing) => [firing.rule, firing.outcome])).toEqual([
      ['Unpermitted', 'not-permitted'],
      ['Queue', 'not-run'],
    ]);
  });

  it('says a queue target is not run once, and a refused invocation at every firing', async () => {
    const { invoke } = recorder();
    const lines: string[] = [];
    const rules = [
      rule({ name: 'Unpermitted', targets: [{ id: 'A', functionArn: 'arn:fn:x', permitted: false }] }),
      rule({ name: 'Queue', targets: [{ id: 'Q', permitted: false }] }),
    ];
    const scheduler = startScheduler({ ...options, rules, invoke, log: (line) => lines.push(line) });
    await scheduler.advanceTo(new Date('2026-01-01T03:00:00Z'));
    expect(lines.filter((line) => line.includes('Queue'))).toHaveLength(1);
    expect(lines.filter((line) => line.includes('Unpermitted'))).toHaveLength(3);
  });
});
