import { describe, expect, it } from 'vitest';
import { chooseThreshold, retrieval, type ScoredPair } from './face-threshold';

const pair = (positive: boolean, distance: number): ScoredPair => ({ positive, distance });

describe('retrieval', () => {
  it('returns the pairs within the threshold, the threshold itself included', () => {
    const pairs = [pair(true, 0.3), pair(true, 0.5), pair(false, 0.5), pair(true, 0.7), pair(false, 0.9)];
    expect(retrieval(pairs, 0.5)).toEqual({
      precision: 2 / 3,
      recall: 2 / 3,
      truePositives: 2,
      falsePositives: 1,
      falseNegatives: 1,
    });
  });

  it('counts a selfie or scene without a face as a pair never returned', () => {
    expect(retrieval([pair(true, Infinity), pair(false, Infinity)], 10)).toMatchObject({
      precision: 1,
      recall: 0,
      falseNegatives: 1,
    });
  });
});

describe('chooseThreshold', () => {
  it('takes the highest recall at the precision asked, midway to the next pair', () => {
    // At 0.4 recall is 2/3 with precision 1; at 0.6 recall is 1 with precision 3/4, below 0.9.
    const pairs = [pair(true, 0.2), pair(true, 0.4), pair(false, 0.5), pair(true, 0.6), pair(false, 0.8)];
    expect(chooseThreshold(pairs, 0.9)).toBe(0.45);
    expect(chooseThreshold(pairs, 0.75)).toBe(0.7);
  });

  it('keeps pairs at the same distance together', () => {
    const pairs = [pair(true, 0.2), pair(true, 0.4), pair(false, 0.4), pair(false, 0.9)];
    expect(chooseThreshold(pairs, 0.9)).toBe(0.3);
  });

  it('rounds only while the round figure stays between the two pairs', () => {
    expect(chooseThreshold([pair(true, 0.501), pair(false, 0.505)], 0.9)).toBe(0.503);
  });

  it('has no threshold when nothing reaches the precision', () => {
    expect(chooseThreshold([pair(false, 0.1), pair(true, 0.2)], 0.9)).toBeUndefined();
  });
});
