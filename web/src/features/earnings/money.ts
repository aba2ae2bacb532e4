/** Money and months as the earnings card shows them. */
import { formatMoney, fromMinorUnits } from '#shared/rules/money';

export const formatMinor = (minor: number, currency: string) =>
  formatMoney(fromMinorUnits(minor, currency), currency);

/** `YYYY-MM` as 'Nov 2026' (the counters' months are UTC months). */
export const monthLabel = (month: string) =>
  new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
