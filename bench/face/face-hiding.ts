/**
 * Hiding a person (a seller hides someone from a public gallery) measured on the selfie search's scenes
 * (bench/face/face-accuracy.ts): each person's neutral portrait is the reference photo, and a scene is
 * withheld when one of its faces lies within HIDE_MATCH_THRESHOLD of it (functions/domains/faces/hiding.ts). Over
 * every person: the share of their scenes withheld (recall), and the share of scenes without them that
 * are withheld with them (other people's photos hidden for nothing).
 */
import { HIDE_MATCH_THRESHOLD } from '#shared/rules/face-search';
import type { ScoredPair } from './face-threshold';
import type { SummaryRow } from '../summary';

/** A hidden person's photos a seller may find shown: at most one in twenty. */
export const HIDE_RECALL_TARGET = 0.95;
/** Other people's photos withheld with them: at most one in a hundred (the seller releases them). */
export const FALSE_HIDE_TARGET = 0.01;

export interface HidingReport {
  threshold: number;
  /** Scenes with the hidden person, and how many of them were withheld. */
  theirs: number;
  withheld: number;
  /** Scenes without the person, and how many of them were withheld with them. */
  others: number;
  othersWithheld: number;
}

export function hidingAt(pairs: readonly ScoredPair[], threshold = HIDE_MATCH_THRESHOLD): HidingReport {
  const report: HidingReport = { threshold, theirs: 0, withheld: 0, others: 0, othersWithheld: 0 };
  for (const pair of pairs) {
    const hidden = pair.distance <= threshold;
    if (pair.positive) {
      report.theirs++;
      if (hidden) report.withheld++;
    } else {
      report.others++;
      if (hidden) report.othersWithheld++;
    }
  }
  return report;
}

const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);
export const hidingRecall = (report: HidingReport) => share(report.withheld, report.theirs);
export const falseHideShare = (report: HidingReport) => share(report.othersWithheld, report.others);

export function hidingLines(report: HidingReport): string[] {
  return [
    '### Hiding a person',
    '',
    `Each person's neutral portrait as the reference photo, every scene checked at ${report.threshold} ` +
      '(shared/rules/face-search.ts, HIDE_MATCH_THRESHOLD):',
    `- Their photos withheld: ${report.withheld} of ${report.theirs} ` +
      `(${(100 * hidingRecall(report)).toFixed(1)}%).`,
    `- Other people's photos withheld with them: ${report.othersWithheld} of ${report.others} ` +
      `(${(100 * falseHideShare(report)).toFixed(2)}%).`,
    '',
  ];
}

export function hidingSummary(report: HidingReport): SummaryRow[] {
  const recall = hidingRecall(report);
  const falseHides = falseHideShare(report);
  return [
    {
      figure: "Hiding a person: share of the person's photos withheld (London Set scenes)",
      target: `≥ ${HIDE_RECALL_TARGET}`,
      now: `${recall.toFixed(3)} at ${report.threshold}`,
      met: recall >= HIDE_RECALL_TARGET,
      gate: true,
      cause:
        'A face the detector does not find in a scene cannot be matched: those photos stay shown. What ' +
        'would meet it: a detector that finds smaller faces, or a looser threshold (more false hides).',
    },
    {
      figure: "Hiding a person: share of other people's photos withheld with them",
      target: `≤ ${FALSE_HIDE_TARGET}`,
      now: `${falseHides.toFixed(4)} at ${report.threshold}`,
      met: falseHides <= FALSE_HIDE_TARGET,
      gate: true,
      cause:
        'Look-alikes within the threshold: a tighter threshold withholds fewer of them (and misses more).',
    },
  ];
}
