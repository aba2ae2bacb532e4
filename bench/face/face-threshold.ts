/**
 * Precision and recall of selfie search over (selfie, scene) pairs, and the threshold that a tuning
 * half of the people picks. A scene is returned for a selfie when its nearest face lies within the
 * threshold (searchFaces' rule: distance <= threshold).
 */

export interface ScoredPair {
  /** The selfie's person is in the scene. */
  positive: boolean;
  /** From the selfie to the scene's nearest face; Infinity when either has no face. */
  distance: number;
}

export interface Retrieval {
  precision: number;
  recall: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
}

export function retrieval(pairs: readonly ScoredPair[], threshold: number): Retrieval {
  let truePositives = 0;
  let falsePositives = 0;
  let positives = 0;
  for (const pair of pairs) {
    if (pair.positive) positives++;
    if (pair.distance > threshold) continue;
    if (pair.positive) truePositives++;
    else falsePositives++;
  }
  const returned = truePositives + falsePositives;
  return {
    // Nothing returned claims nothing wrong.
    precision: returned === 0 ? 1 : truePositives / returned,
    recall: positives === 0 ? 1 : truePositives / positives,
    truePositives,
    falsePositives,
    falseNegatives: positives - truePositives,
  };
}

/** A round figure (2 decimals, else 3) in [low, high), else the exact midpoint. */
function roundBetween(low: number, high: number): number {
  const middle = high === Infinity ? low : (low + high) / 2;
  for (const scale of [100, 1000]) {
    const rounded = Math.round(middle * scale) / scale;
    if (rounded >= low && rounded < high) return rounded;
  }
  return middle;
}

/**
 * The threshold with the highest recall whose precision is at least `minPrecision`, placed midway
 * between the farthest pair it returns and the nearest it leaves out (rounded), so that the next half's
 * pairs meet a margin rather than an edge. Undefined when no threshold returns anything at that precision.
 */
export function chooseThreshold(pairs: readonly ScoredPair[], minPrecision: number): number | undefined {
  const sorted = pairs
    .filter((pair) => Number.isFinite(pair.distance))
    .sort((a, b) => a.distance - b.distance);
  let truePositives = 0;
  let falsePositives = 0;
  let best: { truePositives: number; index: number } | undefined;
  for (let i = 0; i < sorted.length; i++) {
    if (sorted[i]!.positive) truePositives++;
    else falsePositives++;
    // Pairs at the same distance come and go together.
    if (sorted[i + 1]?.distance === sorted[i]!.distance) continue;
    const feasible = truePositives / (truePositives + falsePositives) >= minPrecision;
    if (feasible && truePositives > (best?.truePositives ?? 0)) best = { truePositives, index: i };
  }
  if (!best) return undefined;
  return roundBetween(sorted[best.index]!.distance, sorted[best.index + 1]?.distance ?? Infinity);
}
