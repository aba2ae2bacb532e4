/**
 * EventBridge schedule expressions, as rules carry them (`ScheduleExpression`): `rate(value unit)` and
 * `cron(minutes hours day-of-month month day-of-week year)`, and the times they fire at. Rates count
 * from a start (EventBridge counts from the rule's creation); crons fire on the UTC minutes they match.
 * The cron fields handled are numbers, lists, ranges, steps, `*` and `?`, as the app's rules use
 * them; `L`, `W`, `#` and names of days or months are refused with a clear error rather than misread.
 */

export type ScheduleExpression =
  | { kind: 'rate'; everyMs: number }
  | {
      kind: 'cron';
      minutes: Set<number>;
      hours: Set<number>;
      days: Set<number> | '*';
      months: Set<number>;
      weekdays: Set<number> | '*';
      years: Set<number> | '*';
    };

const UNIT_MS: Record<string, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000 };

function rate(body: string): ScheduleExpression {
  const match = /^(\d+) (minute|minutes|hour|hours|day|days)$/.exec(body.trim());
  if (!match) throw new Error(`Unsupported rate expression: rate(${body})`);
  const value = Number(match[1]);
  const unit = match[2]!.replace(/s$/, '');
  // EventBridge: the singular unit for 1, the plural otherwise; a value of 0 is refused.
  if (value < 1 || (value === 1) !== (match[2] === unit))
    throw new Error(`Invalid rate expression: rate(${body})`);
  return { kind: 'rate', everyMs: value * UNIT_MS[unit]! };
}

function field(text: string, min: number, max: number, name: string): Set<number> {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!match) throw new Error(`Unsupported cron ${name} field: ${text}`);
    const from = match[1] === '*' ? min : Number(match[2]);
    const to = match[1] === '*' ? max : match[3] !== undefined ? Number(match[3]) : match[4] ? max : from;
    const step = match[4] ? Number(match[4]) : 1;
    if (from < min || to > max || from > to || step < 1)
      throw new Error(`Cron ${name} out of range: ${text}`);
    for (let value = from; value <= to; value += step) values.add(value);
  }
  return values;
}

const anyOr = (text: string, min: number, max: number, name: string): Set<number> | '*' =>
  text === '*' || text === '?' ? '*' : field(text, min, max, name);

function cron(body: string): ScheduleExpression {
  const parts = body.trim().split(/\s+/);
  if (parts.length !== 6) throw new Error(`A cron expression has six fields: cron(${body})`);
  const [minutes, hours, days, months, weekdays, years] = parts as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  // EventBridge: one of day-of-month and day-of-week must be `?`.
  if ((days === '?') === (weekdays === '?'))
    throw new Error(`One of day-of-month and day-of-week must be ?: cron(${body})`);
  return {
    kind: 'cron',
    minutes: field(minutes, 0, 59, 'minutes'),
    hours: field(hours, 0, 23, 'hours'),
    days: anyOr(days, 1, 31, 'day-of-month'),
    months: field(months, 1, 12, 'month'),
    // EventBridge numbers the days of the week 1 (Sunday) to 7.
    weekdays: anyOr(weekdays, 1, 7, 'day-of-week'),
    years: anyOr(years, 1970, 2199, 'year'),
  };
}

export function parseScheduleExpression(expression: string): ScheduleExpression {
  const match = /^(rate|cron)\((.*)\)$/.exec(expression.trim());
  if (!match) throw new Error(`Unsupported schedule expression: ${expression}`);
  return match[1] === 'rate' ? rate(match[2]!) : cron(match[2]!);
}

const inSet = (set: Set<number> | '*', value: number) => set === '*' || set.has(value);

function cronMatches(expression: Extract<ScheduleExpression, { kind: 'cron' }>, at: Date): boolean {
  return (
    expression.minutes.has(at.getUTCMinutes()) &&
    expression.hours.has(at.getUTCHours()) &&
    inSet(expression.days, at.getUTCDate()) &&
    expression.months.has(at.getUTCMonth() + 1) &&
    inSet(expression.weekdays, at.getUTCDay() + 1) &&
    inSet(expression.years, at.getUTCFullYear())
  );
}

/**
 * The times the expression fires after `after` up to and including `until`, oldest first. A rate fires
 * every period counted from `start`; a cron on each matching whole minute (UTC).
 */
export function firingsBetween(
  expression: ScheduleExpression,
  start: Date,
  after: Date,
  until: Date,
): Date[] {
  const times: Date[] = [];
  if (expression.kind === 'rate') {
    const periods = Math.floor((after.getTime() - start.getTime()) / expression.everyMs) + 1;
    for (
      let at = start.getTime() + Math.max(periods, 1) * expression.everyMs;
      at <= until.getTime();
      at += expression.everyMs
    )
      times.push(new Date(at));
    return times;
  }
  const minute = 60_000;
  for (let at = Math.floor(after.getTime() / minute) * minute + minute; at <= until.getTime(); at += minute) {
    const time = new Date(at);
    if (cronMatches(expression, time)) times.push(time);
  }
  return times;
}
