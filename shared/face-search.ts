/**
 * Selfie search (issue 16): the browser describes the selfie, the server the gallery's photos, with the
 * same face-api recognition net, so both sides share these.
 */

/** Values in one face descriptor (face-api's recognition net). */
export const FACE_DESCRIPTOR_DIMS = 128;

/** Euclidean distance under which two descriptors count as the same person (provisional). */
export const FACE_MATCH_THRESHOLD = 0.5;
