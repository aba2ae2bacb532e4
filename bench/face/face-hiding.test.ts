import { describe, expect, it } from 'vitest';
import { falseHideShare, hidingAt, hidingRecall, hidingSummary } from './face-hiding';
import type { ScoredPair } from './face-threshold';

const pair = (positive: boolean, distance: number): ScoredPair => ({ positive, distance });

describe('hiding a person, measured', () => {
  const pairs = [
    pair(true, 0.3),
    pair(true, 0.55),
    pair(true, 0.7),
    pair(true, Infinity),
    pair(false, 0.5),
    pair(false, 0.9),
    pair(false, 0.8),
    pair(false, Infinity),
  ];

  it("withholds a scene whose nearest face is within the threshold, its edge included, and counts theirs and others' apart", () => {
    const report = hidingAt(pairs, 0.55);
    expect(report).toEqual({ threshold: 0.55, theirs: 4, withheld: 2, others: 4, othersWithheld: 1 });
    expect(hidingRecall(report)).toBe(0.5);
    expect(falseHideShare(report)).toBe(0.25);
  });

  it('says a row missed for each figure off its target, and met when within it', () => {
    expect(hidingSummary(hidingAt(pairs, 0.55)).map((row) => row.met)).toEqual([false, false]);
    const clean = [pair(true, 0.2), ...Array.from({ length: 200 }, () => pair(false, 0.9))];
    expect(hidingSummary(hidingAt(clean, 0.55)).map((row) => row.met)).toEqual([true, true]);
  });

  it('reads an empty measurement as nothing withheld, never a division by zero', () => {
    const report = hidingAt([], 0.55);
    expect([hidingRecall(report), falseHideShare(report)]).toEqual([0, 0]);
  });
});
