/**
 * Placeholder: the real module (face-api, loaded only when a customer searches) is being written
 * separately and replaces this file at merge. Same signature, so the page's dynamic import type-checks.
 */
export async function describeSelfie(file: Blob): Promise<Float32Array | 'no-face' | 'many-faces'> {
  void file;
  throw new Error('not yet');
}
