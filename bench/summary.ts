/**
 * The report's first table: one row per target of the benchmarks, so a reader sees at a glance
 * which aims are met. Each section module says its own rows; run.ts only collects them.
 */
export interface SummaryRow {
  figure: string;
  target: string;
  now: string;
  met: boolean;
}

/** A row's verdict as the report spells it. */
export const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

export function summaryTable(rows: SummaryRow[]): string[] {
  const missed = rows.filter((row) => !row.met).length;
  return [
    '## Summary',
    '',
    `${rows.length - missed} of ${rows.length} targets met.`,
    '',
    '| figure | target | now | verdict |',
    '|---|---|---|---|',
    ...rows.map((row) => `| ${row.figure} | ${row.target} | ${row.now} | ${verdict(row.met)} |`),
    '',
  ];
}

/** A section's report lines and its rows of the summary table. */
export interface BenchSection {
  lines: string[];
  summary: SummaryRow[];
}
