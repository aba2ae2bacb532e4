/**
 * Selfie search: the browser describes the selfie, the server the gallery's photos, with the
 * same face-api recognition net, so both sides share these.
 */

/** Values in one face descriptor (face-api's recognition net). */
export const FACE_DESCRIPTOR_DIMS = 128;

/** The face detector's score (SSD MobileNet v1) below which a box is not taken for a face. */
export const FACE_MIN_SCORE = 0.5;

/**
 * Euclidean distance within which two descriptors count as the same person. Chosen by bench/face/face-accuracy.ts
 * (`npm run bench -- face-accuracy`) on half A of a seeded split of the Face Research Lab London Set's
 * 102 people: the highest recall at precision >= 0.95 over (selfie, group scene) pairs. Half B at it:
 * precision 0.987, recall 0.967.
 */
export const FACE_MATCH_THRESHOLD = 0.471;

/**
 * The distance within which a photo's face counts as a hidden person's (a seller hides a person from a
 * public gallery): looser than the search's, since a photo wrongly withheld costs a sale the seller can
 * give back with one click, while one wrongly shown exposes someone who asked not to be. Chosen with
 * bench/face/face-accuracy.ts on the London Set: the share of a person's photos withheld (recall) and of other
 * people's withheld with them (bench report, "Hiding a person").
 */
export const HIDE_MATCH_THRESHOLD = 0.55;
