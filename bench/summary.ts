/**
 * The report's first table: one row per target of the benchmarks, so a reader sees at a glance
 * which aims are met. Each section module says its own rows; run.ts only collects them.
 *
 * The bench tells two kinds of figure apart: deterministic ones (bundle sizes, bytes downloaded, ZIP
 * memory, repeat downloads) are hard gates; a timing that misses must say its measured cause and what
 * would meet it. A row says which kind it is, and a missed row carries that cause.
 */
export interface SummaryRow {
  figure: string;
  target: string;
  now: string;
  met: boolean;
  /** A deterministic figure: a miss is a failure, not a finding. */
  gate?: boolean;
  /** For a missed figure: the measured cause, and what would meet the target. */
  cause?: string;
}

/** A row's verdict as the report spells it. */
export const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

const kindOf = (row: SummaryRow) => (row.gate ? 'gate' : 'timing');

function missedCauses(rows: SummaryRow[]): string[] {
  const missed = rows.filter((row) => !row.met);
  if (missed.length === 0) return [];
  return [
    '### Why the missed figures miss',
    '',
    ...missed.map((row) => `- **${row.figure}** (${kindOf(row)}): ${row.cause ?? 'no cause measured yet.'}`),
    '',
  ];
}

export function summaryTable(rows: SummaryRow[]): string[] {
  const missed = rows.filter((row) => !row.met);
  const gatesMissed = missed.filter((row) => row.gate).length;
  return [
    '## Summary',
    '',
    `${rows.length - missed.length} of ${rows.length} targets met; hard gates missed: ${gatesMissed}.`,
    '',
    '| figure | kind | target | now | verdict |',
    '|---|---|---|---|---|',
    ...rows.map(
      (row) => `| ${row.figure} | ${kindOf(row)} | ${row.target} | ${row.now} | ${verdict(row.met)} |`,
    ),
    '',
    ...missedCauses(rows),
  ];
}

/** A section's report lines and its rows of the summary table. */
export interface BenchSection {
  lines: string[];
  summary: SummaryRow[];
}
