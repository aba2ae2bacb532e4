/**
 * Turns a Lighthouse result (LHR) into what the benchmark report shows: the four category scores
 * (0-100, or why one is missing), the key metrics and the failed audits, then into report lines.
 * Pure: the LHR comes in, plain data and strings go out (bench/lighthouse/lighthouse-summary.test.ts).
 */
import type { BenchSection, SummaryRow } from '../summary';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type CategoryId = (typeof CATEGORIES)[number];
export type FormFactor = 'mobile' | 'desktop';

/** The parts of Lighthouse's `Result` this module reads; the real one is assignable to it. */
export interface LighthouseResultLike {
  audits: Record<string, AuditLike>;
  categories: Record<
    string,
    { score: number | null; auditRefs: { id: string; weight: number; group?: string }[] }
  >;
  runtimeError?: { code: string; message: string };
  runWarnings: string[];
}

interface AuditLike {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  numericValue?: number;
  errorMessage?: string;
  /** Tables of the diagnostics; only `bootup-time`'s (main-thread time per script) is read. */
  details?: { items?: unknown[] };
}

/** A score out of 100, or the reason Lighthouse could not compute it. */
export type CategoryScore = { score: number } | { error: string };

export interface FailedAudit {
  category: CategoryId;
  id: string;
  title: string;
  /** 0-100, or undefined when the audit errored. */
  score: number | undefined;
  /** Lighthouse's own short value ("Potential savings of 120 KiB"), or the audit's error. */
  detail: string | undefined;
  /** The audit's share of its category score; 0 for performance diagnostics and insights. */
  weight: number;
}

export interface PageMetrics {
  firstContentfulPaintMs: number | undefined;
  largestContentfulPaintMs: number | undefined;
  totalBlockingTimeMs: number | undefined;
  cumulativeLayoutShift: number | undefined;
}

export interface PageSummary {
  page: string;
  url: string;
  formFactor: FormFactor;
  scores: Record<CategoryId, CategoryScore>;
  metrics: PageMetrics;
  failed: FailedAudit[];
  warnings: string[];
  /** The performance points each metric lost, largest first (the measured cause of a low score). */
  lostPoints: LostPoints[];
  /** Main-thread time per script (Lighthouse's `bootup-time`, after its CPU slowdown), heaviest first. */
  heaviestScripts: { url: string; ms: number }[];
}

export interface LostPoints {
  metric: string;
  points: number;
  /** The metric's own value as Lighthouse shows it ("3.9 s", "1,230 ms"). */
  value: string | undefined;
}

/** A run that produced no result at all (Chromium crashed, the run timed out...). */
export interface PageFailure {
  page: string;
  url: string;
  formFactor: FormFactor;
  error: string;
}

export type PageOutcome = PageSummary | PageFailure;

/** Lighthouse shows an audit as passed from 0.9 up (its report's green). */
const PASS = 0.9;
/** Audit modes that carry no verdict about the page. */
const UNSCORED = new Set(['informative', 'notApplicable', 'manual']);
/** The metric audits are reported as numbers in their own columns, not again as failures. */
const METRICS_GROUP = 'metrics';

const percent = (score: number) => Math.round(score * 100);

function categoryScore(lhr: LighthouseResultLike, id: CategoryId): CategoryScore {
  const category = lhr.categories[id];
  if (!category) return { error: lhr.runtimeError?.message ?? 'category not in the result' };
  if (category.score !== null) return { score: percent(category.score) };
  // Lighthouse leaves the score null when a weighted audit errored: name those audits.
  const errored = category.auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((audit): audit is AuditLike => audit?.scoreDisplayMode === 'error')
    .map((audit) => `${audit.id}: ${audit.errorMessage ?? 'error'}`);
  return { error: lhr.runtimeError?.message ?? (errored.join('; ') || 'no score') };
}

function failedInCategory(lhr: LighthouseResultLike, id: CategoryId): FailedAudit[] {
  const failed: FailedAudit[] = [];
  for (const ref of lhr.categories[id]?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit || ref.group === METRICS_GROUP || UNSCORED.has(audit.scoreDisplayMode)) continue;
    const errored = audit.scoreDisplayMode === 'error';
    if (!errored && (audit.score === null || audit.score >= PASS)) continue;
    failed.push({
      category: id,
      id: audit.id,
      title: audit.title,
      score: errored || audit.score === null ? undefined : percent(audit.score),
      detail: errored ? `error: ${audit.errorMessage ?? 'unknown'}` : audit.displayValue || undefined,
      weight: ref.weight,
    });
  }
  return failed;
}

/** Weighted audits first (they move the score), then the lowest scores; errors last. */
export function rankFailed(failed: FailedAudit[]): FailedAudit[] {
  const lost = (a: FailedAudit) => a.weight * (100 - (a.score ?? 100));
  return [...failed].sort((a, b) => lost(b) - lost(a) || (a.score ?? 101) - (b.score ?? 101));
}

/** Performance points lost per weighted metric: weight × (1 − score), as Lighthouse's score adds them. */
function lostPoints(lhr: LighthouseResultLike): LostPoints[] {
  const refs = (lhr.categories.performance?.auditRefs ?? []).filter((ref) => ref.weight > 0);
  const total = refs.reduce((sum, ref) => sum + ref.weight, 0);
  return refs
    .map((ref) => {
      const audit = lhr.audits[ref.id];
      const score = audit?.score ?? 0;
      return { metric: ref.id, points: (100 * ref.weight * (1 - score)) / total, value: audit?.displayValue };
    })
    .filter((lost) => lost.points >= 0.5)
    .sort((a, b) => b.points - a.points);
}

const SCRIPTS_SHOWN = 3;

function heaviestScripts(lhr: LighthouseResultLike): { url: string; ms: number }[] {
  const items = (lhr.audits['bootup-time']?.details?.items ?? []) as { url?: unknown; total?: unknown }[];
  return items
    .filter((item) => typeof item.url === 'string' && typeof item.total === 'number')
    .map((item) => ({ url: item.url as string, ms: item.total as number }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, SCRIPTS_SHOWN);
}

/** The last path segment: script URLs carry hashes and long origins a summary does not need. */
const fileOf = (url: string) => {
  try {
    return new URL(url).pathname.split('/').pop() || url;
  } catch {
    return url;
  }
};

/** A missed performance score's measured cause: where its points went and what ran on the main thread. */
export function performanceCause(outcome: PageSummary): string {
  const lost = outcome.lostPoints
    .map((l) => `${l.metric} ${Math.round(l.points)}${l.value ? ` (${l.value})` : ''}`)
    .join(', ');
  const scripts = outcome.heaviestScripts.map((s) => `${fileOf(s.url)} ${Math.round(s.ms)} ms`).join(', ');
  return `points lost: ${lost || 'none over 0.5'}; main-thread time by script: ${scripts || 'not reported'}.`;
}

export function summarizeLighthouse(
  lhr: LighthouseResultLike,
  page: { page: string; url: string; formFactor: FormFactor },
): PageSummary {
  const numeric = (id: string) => lhr.audits[id]?.numericValue;
  // One audit can belong to several categories; keep its first (category order) occurrence.
  const seen = new Set<string>();
  const failed = CATEGORIES.flatMap((id) => failedInCategory(lhr, id)).filter(
    (audit) => !seen.has(audit.id) && seen.add(audit.id),
  );
  return {
    ...page,
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, categoryScore(lhr, id)])) as Record<
      CategoryId,
      CategoryScore
    >,
    metrics: {
      firstContentfulPaintMs: numeric('first-contentful-paint'),
      largestContentfulPaintMs: numeric('largest-contentful-paint'),
      totalBlockingTimeMs: numeric('total-blocking-time'),
      cumulativeLayoutShift: numeric('cumulative-layout-shift'),
    },
    failed: rankFailed(failed),
    warnings: lhr.runWarnings,
    lostPoints: lostPoints(lhr),
    heaviestScripts: heaviestScripts(lhr),
  };
}

const seconds = (ms: number | undefined) => (ms === undefined ? '-' : `${(ms / 1000).toFixed(1)} s`);
const millis = (ms: number | undefined) => (ms === undefined ? '-' : `${Math.round(ms)} ms`);
const shift = (value: number | undefined) => (value === undefined ? '-' : value.toFixed(3));
/** Table cells must not break the Markdown table. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

function scoreCell(score: CategoryScore): string {
  return 'score' in score ? String(score.score) : `n/a (${cell(score.error)})`;
}

function tableRow(outcome: PageOutcome): string {
  const name = `${outcome.page} (\`${new URL(outcome.url).pathname}\`)`;
  if ('error' in outcome) {
    return `| ${name} | ${outcome.formFactor} | run failed: ${cell(outcome.error)} | | | | | | | |`;
  }
  const { scores, metrics } = outcome;
  const cells = [
    name,
    outcome.formFactor,
    ...CATEGORIES.map((id) => scoreCell(scores[id])),
    seconds(metrics.firstContentfulPaintMs),
    seconds(metrics.largestContentfulPaintMs),
    millis(metrics.totalBlockingTimeMs),
    shift(metrics.cumulativeLayoutShift),
  ];
  return `| ${cells.join(' | ')} |`;
}

function failedLines(outcome: PageSummary, limit: number): string[] {
  const shown = outcome.failed.slice(0, limit);
  const more = outcome.failed.length - shown.length;
  return [
    `- ${outcome.page}, ${outcome.formFactor}: ${outcome.failed.length === 0 ? 'no failed audits.' : ''}`.trimEnd(),
    ...shown.map(
      (a) =>
        `  - ${a.category}: ${a.title} (\`${a.id}\`${a.score === undefined ? '' : `, ${a.score}`})${a.detail ? `: ${a.detail}` : ''}`,
    ),
    ...(more > 0 ? [`  - and ${more} more`] : []),
    ...outcome.warnings.map((w) => `  - Lighthouse warning: ${cell(w)}`),
  ];
}

const HEADING = '## Lighthouse (public pages)';

/** The section when nothing could be audited (the build or the preview server failed). */
export function lighthouseNotMeasured(reason: string): string[] {
  return [HEADING, '', `Not measured: ${reason}`, ''];
}

/** The report's Lighthouse section: one table row per page and form factor, then the failed audits. */
export function lighthouseSection(outcomes: PageOutcome[], setup: string[], failedLimit = 10): string[] {
  return [
    HEADING,
    '',
    ...setup,
    '',
    '| page | form factor | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...outcomes.map(tableRow),
    '',
    `Failed audits (score under ${PASS * 100}, or errored), weighted ones first, at most ${failedLimit} per run:`,
    '',
    ...outcomes.flatMap((o) =>
      'error' in o ? [`- ${o.page}, ${o.formFactor}: run failed: ${o.error}`] : failedLines(o, failedLimit),
    ),
    '',
  ];
}

/** The aims for the phone pages: each audited page, best of its mobile runs. */
export const PERFORMANCE_TARGET = 98;
export const ACCESSIBILITY_TARGET = 100;
export const MOBILE_RUNS = 3;

const scoreOf = (outcome: PageOutcome, id: CategoryId): number | undefined => {
  if ('error' in outcome) return undefined;
  const score = outcome.scores[id];
  return 'score' in score ? score.score : undefined;
};

/**
 * The runs of each page and form factor (in the order first run), with the best of them: the one
 * with the highest performance score (a failed run or a missing score never wins over a measured one).
 */
export function bestRuns(outcomes: PageOutcome[]): { best: PageOutcome; runs: PageOutcome[] }[] {
  const groups = new Map<string, PageOutcome[]>();
  for (const outcome of outcomes) {
    const key = `${outcome.page}\n${outcome.formFactor}`;
    groups.set(key, [...(groups.get(key) ?? []), outcome]);
  }
  return [...groups.values()].map((runs) => ({
    runs,
    best: runs.reduce((best, run) =>
      (scoreOf(run, 'performance') ?? -1) > (scoreOf(best, 'performance') ?? -1) ? run : best,
    ),
  }));
}

/**
 * The summary rows: per page, mobile performance and accessibility of its best run (the run with the
 * best performance; its accessibility is that run's), every run's performance shown beside it.
 */
export function lighthouseSummaryRows(
  outcomes: PageOutcome[],
  remedies: Record<string, string> = {},
): SummaryRow[] {
  return bestRuns(outcomes.filter((o) => o.formFactor === 'mobile')).flatMap(({ best, runs }) => {
    const performance = scoreOf(best, 'performance');
    const accessibility = scoreOf(best, 'accessibility');
    const all = runs.map((run) => scoreOf(run, 'performance') ?? 'failed').join(', ');
    const missing = 'error' in best ? `not measured (${best.error})` : 'not measured';
    return [
      {
        figure: `Lighthouse mobile performance, ${best.page}`,
        target: `≥ ${PERFORMANCE_TARGET} (best of ${MOBILE_RUNS})`,
        now: performance === undefined ? missing : `${performance} (runs: ${all})`,
        met: performance !== undefined && performance >= PERFORMANCE_TARGET,
        ...(!('error' in best) &&
          (performance ?? 0) < PERFORMANCE_TARGET && {
            cause: [performanceCause(best), remedies[best.page]].filter(Boolean).join(' '),
          }),
      },
      {
        figure: `Lighthouse mobile accessibility, ${best.page}`,
        target: `${ACCESSIBILITY_TARGET}`,
        now: accessibility === undefined ? missing : String(accessibility),
        met: accessibility !== undefined && accessibility >= ACCESSIBILITY_TARGET,
      },
    ];
  });
}

/** The report section and its summary rows. */
export function lighthouseBenchSection(
  outcomes: PageOutcome[],
  setup: string[],
  remedies: Record<string, string> = {},
): BenchSection {
  return { lines: lighthouseSection(outcomes, setup), summary: lighthouseSummaryRows(outcomes, remedies) };
}
