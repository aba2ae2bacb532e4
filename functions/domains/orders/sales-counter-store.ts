/**
 * Sales counters table: the one module that reads and writes it. Per scope (a seller, a gallery, a
 * public gallery) one item per calendar month (UTC) and currency, keyed `YYYY-MM#CUR`, whose fields
 * are only ever added to; and per seller a ranking, one all-time item per gallery and public gallery
 * and currency (`gallery#{id}#CUR`, `public#{id}#CUR`), so the best sellers are one Query. Counters are written only as parts of a transaction with the once-only
 * change that moves them (repositories/orders.ts), never on their own.
 */
import {
  SALES_FIGURE_FIELDS,
  addFigures,
  emptyFigures,
  salesMonth,
  type SalesFigures,
} from '#shared/rules/sales-figures';
import { queryAll, tableName } from '../../lib/dynamo';
import {
  counterScopes,
  nonZeroCounts,
  rankedPeriods,
  rankingScope,
  type CountedOrder,
  type CounterMove,
} from './sales-counters';
import type { TransactionPart } from '../../lib/transactions';

/** One month of one scope in one currency. */
export interface CounterMonth {
  month: string;
  currency: string;
  figures: SalesFigures;
}

const periodOf = (month: string, currency: string): string => `${month}#${currency}`;

/**
 * The counter updates a move makes (none if it adds nothing): the month's item of each scope the order
 * counts in, and its gallery's and public gallery's all-time items in the seller's ranking.
 */
export function counterParts(order: CountedOrder, move: CounterMove): TransactionPart[] {
  const counts = nonZeroCounts(move.counts);
  const fields = SALES_FIGURE_FIELDS.filter((field) => counts[field] !== undefined);
  if (fields.length === 0) return [];
  const month = salesMonth(move.at);
  const part = (scope: string, period: string, monthly: boolean): TransactionPart => ({
    Update: {
      TableName: tableName('salesCounters'),
      Key: { scope, period },
      UpdateExpression: `SET ${monthly ? '#month = :month, ' : ''}#currency = :currency ADD ${fields
        .map((field) => `#${field} :${field}`)
        .join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries([
        ...(monthly ? [['#month', 'month']] : []),
        ['#currency', 'currency'],
        ...fields.map((field) => [`#${field}`, field]),
      ]),
      ExpressionAttributeValues: Object.fromEntries([
        ...(monthly ? [[':month', month]] : []),
        [':currency', order.currency],
        ...fields.map((field) => [`:${field}`, counts[field]]),
      ]),
    },
  });
  return [
    ...counterScopes(order).map((scope) => part(scope, periodOf(month, order.currency), true)),
    ...rankedPeriods(order).map((period) => part(rankingScope(order.sellerId), period, false)),
  ];
}

const figuresOf = (item: Record<string, unknown>): SalesFigures =>
  addFigures(
    emptyFigures(),
    Object.fromEntries(SALES_FIGURE_FIELDS.map((field) => [field, Number(item[field] ?? 0)])),
  );

/** Every item of a scope, page by page, oldest period first; `period` bounds the sort key. */
function scopeItems(
  scope: string,
  consistent: boolean,
  period?: { condition: string; values: Record<string, string> },
): Promise<Record<string, unknown>[]> {
  return queryAll({
    TableName: tableName('salesCounters'),
    KeyConditionExpression: `#scope = :scope${period ? ` AND ${period.condition}` : ''}`,
    ExpressionAttributeNames: { '#scope': 'scope', ...(period && { '#period': 'period' }) },
    ExpressionAttributeValues: { ':scope': scope, ...period?.values },
    ...(consistent && { ConsistentRead: true }),
  });
}

/**
 * A scope's months, oldest first, from `sinceMonth` (`YYYY-MM`) on, or all of them: one Query of a
 * partition that holds one item per month and currency, however many orders there were. Eventually
 * consistent unless asked (a sale a moment old may be missing from the figures for that moment).
 */
export async function readCounterMonths(
  scope: string,
  options: { sinceMonth?: string; consistent?: boolean } = {},
): Promise<CounterMonth[]> {
  const { sinceMonth, consistent = false } = options;
  const items = await scopeItems(
    scope,
    consistent,
    sinceMonth ? { condition: '#period >= :since', values: { ':since': sinceMonth } } : undefined,
  );
  return items.map((item) => ({
    month: String(item.month),
    currency: String(item.currency),
    figures: figuresOf(item),
  }));
}

/** Figures added up over months, per currency. */
export function totalsByCurrency(months: readonly CounterMonth[]): Map<string, SalesFigures> {
  const totals = new Map<string, SalesFigures>();
  for (const { currency, figures } of months)
    totals.set(currency, addFigures(totals.get(currency) ?? emptyFigures(), figures));
  return totals;
}

/** One gallery's (or public gallery's) all-time figures in one currency, from the seller's ranking. */
export interface RankedItem {
  kind: 'gallery' | 'public';
  id: string;
  currency: string;
  figures: SalesFigures;
}

/** The seller's ranking, strongly consistent: every gallery and public gallery that has counted an order. */
export async function readRanking(sellerId: string): Promise<RankedItem[]> {
  return (await scopeItems(rankingScope(sellerId), true)).flatMap((item) => {
    const [kind, id = ''] = String(item.period).split('#');
    if (kind !== 'gallery' && kind !== 'public') return [];
    return [{ kind, id, currency: String(item.currency), figures: figuresOf(item) }];
  });
}
