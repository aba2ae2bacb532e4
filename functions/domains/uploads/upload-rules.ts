/** What the API checks about each file before it issues an upload URL (the content is checked after). */
import { MAX_UPLOAD_BYTES, UPLOAD_CONTENT_TYPES } from '#shared/rules/constants';
import { sellerToolErrors } from '#shared/texts/seller-tools-errors';

export interface FileToCheck {
  name: string;
  size: number;
  contentType: string;
  clientFileId: string;
}

const ALLOWED = new Set<string>(UPLOAD_CONTENT_TYPES);

/** The first problem of a batch as a message, or undefined when every file may be uploaded. */
export function uploadProblem(files: readonly FileToCheck[]): string | undefined {
  const ids = new Set(files.map((file) => file.clientFileId));
  if (ids.size !== files.length) return sellerToolErrors.duplicateFile;
  for (const file of files) {
    if (!ALLOWED.has(file.contentType.toLowerCase())) return sellerToolErrors.unsupportedType(file.name);
    if (file.size > MAX_UPLOAD_BYTES) return sellerToolErrors.tooLarge(file.name);
  }
  return undefined;
}
