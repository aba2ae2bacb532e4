/**
 * Dates of the account document (section 3): a number (seconds or milliseconds) or a string.
 * Empty shows 'N/A', unparseable 'Invalid Date'; numbers below 10 billion are seconds. Locale en-US.
 */
export const EMPTY_DATE = 'N/A';
export const INVALID_DATE = 'Invalid Date';
/** Below this a number is seconds (10 billion seconds is the year 2286; as milliseconds, 1970). */
export const SECONDS_LIMIT = 10_000_000_000;

export type DateInput = number | string | null | undefined;
export type DateFormat = 'short' | 'long' | 'full' | 'time';

const FORMATS: Record<DateFormat, Intl.DateTimeFormatOptions> = {
  short: { year: 'numeric', month: 'short', day: 'numeric' },
  long: { year: 'numeric', month: 'long', day: 'numeric' },
  full: { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  time: { hour: 'numeric', minute: '2-digit' },
};

/** The Date a value stands for, null when empty, NaN-dated when unparseable. */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return new Date(Math.abs(value) < SECONDS_LIMIT ? value * 1000 : value);
  const trimmed = value.trim();
  if (trimmed === '') return null;
  // Numeric strings follow the number rule ("1700000000" is seconds).
  if (/^-?\d+(\.\d+)?$/.test(trimmed)) return toDate(Number(trimmed));
  return new Date(trimmed);
}

export function formatDate(value: DateInput, format: DateFormat = 'short', timeZone?: string): string {
  const date = toDate(value);
  if (!date) return EMPTY_DATE;
  if (Number.isNaN(date.getTime())) return INVALID_DATE;
  return new Intl.DateTimeFormat('en-US', { ...FORMATS[format], ...(timeZone && { timeZone }) }).format(date);
}
