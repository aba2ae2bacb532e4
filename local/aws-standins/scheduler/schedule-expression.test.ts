import { describe, expect, it } from 'vitest';
import { firingsBetween, parseScheduleExpression } from './schedule-expression';

const at = (iso: string) => new Date(iso);
const iso = (dates: Date[]) => dates.map((date) => date.toISOString());

describe('rate expressions', () => {
  it('fire every period counted from the start', () => {
    const hourly = parseScheduleExpression('rate(1 hour)');
    const start = at('2026-01-01T00:10:00Z');
    expect(iso(firingsBetween(hourly, start, start, at('2026-01-01T03:10:00Z')))).toEqual([
      '2026-01-01T01:10:00.000Z',
      '2026-01-01T02:10:00.000Z',
      '2026-01-01T03:10:00.000Z',
    ]);
    expect(
      iso(firingsBetween(hourly, start, at('2026-01-01T02:10:00Z'), at('2026-01-01T03:00:00Z'))),
    ).toEqual([]);
  });

  it('take plural units for values above one, as EventBridge does', () => {
    expect(parseScheduleExpression('rate(5 minutes)')).toEqual({ kind: 'rate', everyMs: 300_000 });
    expect(() => parseScheduleExpression('rate(5 minute)')).toThrow(/Invalid rate/);
    expect(() => parseScheduleExpression('rate(1 hours)')).toThrow(/Invalid rate/);
    expect(() => parseScheduleExpression('rate(0 minutes)')).toThrow(/Invalid rate/);
  });
});

describe('cron expressions', () => {
  it('fire on the matching minutes (UTC)', () => {
    const daily = parseScheduleExpression('cron(30 3 * * ? *)');
    const start = at('2026-01-01T00:00:00Z');
    expect(iso(firingsBetween(daily, start, start, at('2026-01-03T12:00:00Z')))).toEqual([
      '2026-01-01T03:30:00.000Z',
      '2026-01-02T03:30:00.000Z',
      '2026-01-03T03:30:00.000Z',
    ]);
  });

  it('read lists, ranges, steps and days of the week (1 is Sunday)', () => {
    const weekdays = parseScheduleExpression('cron(0/30 9-10 ? * 2-6 *)');
    // 2026-01-03 is a Saturday, 2026-01-05 a Monday.
    const start = at('2026-01-03T00:00:00Z');
    expect(iso(firingsBetween(weekdays, start, start, at('2026-01-05T23:59:00Z')))).toEqual([
      '2026-01-05T09:00:00.000Z',
      '2026-01-05T09:30:00.000Z',
      '2026-01-05T10:00:00.000Z',
      '2026-01-05T10:30:00.000Z',
    ]);
  });

  it('refuses what it does not read rather than misread it', () => {
    expect(() => parseScheduleExpression('cron(0 12 L * ? *)')).toThrow(/Unsupported cron/);
    expect(() => parseScheduleExpression('cron(0 12 * * *)')).toThrow(/six fields/);
    expect(() => parseScheduleExpression('cron(0 12 * * * *)')).toThrow(/must be \?/);
    expect(() => parseScheduleExpression('every hour')).toThrow(/Unsupported schedule/);
  });
});
