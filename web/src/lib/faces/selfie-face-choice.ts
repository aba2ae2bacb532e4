/**
 * Which face of a selfie is the customer's. Pure, so it is tested without the models.
 */

/**
 * With several faces, the largest is the customer's when its box is at least this many times the next
 * one's area (someone behind them); faces of like size (a couple's selfie) leave no telling whose it is.
 */
export const DOMINANT_FACE_AREA_RATIO = 2;

/** The customer's face among those found, or why there is none to search with. */
export function chooseSelfieFace<Face extends { area: number }>(
  faces: readonly Face[],
): Face | 'no-face' | 'many-faces' {
  const [largest, next] = [...faces].sort((a, b) => b.area - a.area);
  if (!largest) return 'no-face';
  if (next && largest.area < DOMINANT_FACE_AREA_RATIO * next.area) return 'many-faces';
  return largest;
}
