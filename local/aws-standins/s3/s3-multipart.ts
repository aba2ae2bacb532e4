/**
 * What s3rver 3.7 lacks of S3's multipart API, answered from its own store: ListParts and
 * AbortMultipartUpload, NoSuchUpload for an upload that is gone (or named with another key), and the
 * checks S3 makes at CompleteMultipartUpload (parts in ascending order, each one held with the ETag
 * named, each but the last at least 5 MiB). s3rver keeps an upload under
 * `<dir>/<bucket>/._S3rver_uploads/<uploadId>/` (its key, its metadata, and each part with its MD5).
 * The completion's ObjectCreated event is renamed `ObjectCreated:CompleteMultipartUpload` (s3rver says
 * `Post`) through `isCompleting`.
 */
import { readFile, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { escapeXml } from './s3-errors';

/** S3's smallest part but the last (5 MiB). */
export const MIN_PART_BYTES = 5 * 1024 * 1024;
const MAX_PART_NUMBER = 10_000;
const XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/';

export interface S3Failure {
  status: number;
  code: string;
  message: string;
}

export const NO_SUCH_UPLOAD: S3Failure = {
  status: 404,
  code: 'NoSuchUpload',
  message:
    'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
};
export const INVALID_PART: S3Failure = {
  status: 400,
  code: 'InvalidPart',
  message:
    "One or more of the specified parts could not be found.  The part may not have been uploaded, or the specified entity tag may not match the part's entity tag.",
};
export const INVALID_PART_ORDER: S3Failure = {
  status: 400,
  code: 'InvalidPartOrder',
  message: 'The list of parts was not in ascending order. Parts must be ordered by part number.',
};
export const ENTITY_TOO_SMALL: S3Failure = {
  status: 400,
  code: 'EntityTooSmall',
  message: 'Your proposed upload is smaller than the minimum allowed object size.',
};
export const MALFORMED_XML: S3Failure = {
  status: 400,
  code: 'MalformedXML',
  message: 'The XML you provided was not well-formed or did not validate against our published schema',
};
const invalidPartNumber = (): S3Failure => ({
  status: 400,
  code: 'InvalidArgument',
  message: `Part number must be an integer between 1 and ${MAX_PART_NUMBER}, inclusive`,
});

export interface StoredPart {
  partNumber: number;
  etag: string;
  size: number;
  lastModified: Date;
}

/** The parts of a CompleteMultipartUpload document, as sent; undefined when it is not one. */
export function parseCompleteMultipart(xml: string): { partNumber: number; etag: string }[] | undefined {
  if (!/<CompleteMultipartUpload[\s>]/.test(xml)) return undefined;
  const parts = [...xml.matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map((match) => {
    const body = match[1] ?? '';
    return {
      partNumber: Number(/<PartNumber>\s*(\d+)\s*<\/PartNumber>/.exec(body)?.[1] ?? NaN),
      etag: (/<ETag>([\s\S]*?)<\/ETag>/.exec(body)?.[1] ?? '').replace(/&quot;|"/g, ''),
    };
  });
  if (parts.length === 0 || parts.some((part) => !Number.isInteger(part.partNumber) || !part.etag))
    return undefined;
  return parts;
}

/** S3's verdict on a completion's part list against the parts held; undefined when it may go ahead. */
export function completionProblem(
  declared: readonly { partNumber: number; etag: string }[],
  stored: readonly StoredPart[],
): S3Failure | undefined {
  for (let i = 1; i < declared.length; i++)
    if (declared[i]!.partNumber <= declared[i - 1]!.partNumber) return INVALID_PART_ORDER;
  const held = new Map(stored.map((part) => [part.partNumber, part]));
  for (const part of declared) {
    const match = held.get(part.partNumber);
    if (!match || match.etag !== part.etag) return INVALID_PART;
  }
  const tooSmall = declared
    .slice(0, -1)
    .some((part) => (held.get(part.partNumber)?.size ?? 0) < MIN_PART_BYTES);
  return tooSmall ? ENTITY_TOO_SMALL : undefined;
}

export function listPartsXml(
  upload: { bucket: string; key: string; uploadId: string },
  parts: readonly StoredPart[],
  page: { marker: number; maxParts: number },
): string {
  const after = parts.filter((part) => part.partNumber > page.marker);
  const shown = after.slice(0, page.maxParts);
  const truncated = after.length > shown.length;
  const owner = '<ID>123456789000</ID><DisplayName>S3rver</DisplayName>';
  const partsXml = shown
    .map(
      (part) =>
        `<Part><PartNumber>${part.partNumber}</PartNumber><LastModified>${part.lastModified.toISOString()}</LastModified>` +
        `<ETag>"${part.etag}"</ETag><Size>${part.size}</Size></Part>`,
    )
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<ListPartsResult xmlns="${XMLNS}"><Bucket>${escapeXml(upload.bucket)}</Bucket>` +
    `<Key>${escapeXml(upload.key)}</Key><UploadId>${escapeXml(upload.uploadId)}</UploadId>` +
    `<Initiator>${owner}</Initiator><Owner>${owner}</Owner><StorageClass>STANDARD</StorageClass>` +
    `<PartNumberMarker>${page.marker}</PartNumberMarker>` +
    `<NextPartNumberMarker>${shown.at(-1)?.partNumber ?? 0}</NextPartNumberMarker>` +
    `<MaxParts>${page.maxParts}</MaxParts><IsTruncated>${truncated}</IsTruncated>${partsXml}</ListPartsResult>`
  );
}

/** A part number query value as S3 takes it, or the InvalidArgument failure. */
export function partNumberOf(value: string | undefined): number | S3Failure {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 && number <= MAX_PART_NUMBER ? number : invalidPartNumber();
}

/** s3rver's upload ids are 32 hex characters; anything else names no upload (and no path). */
const UPLOAD_ID = /^[0-9a-f]{32}$/;

export class MultipartStore {
  private readonly completingKeys = new Set<string>();

  constructor(private readonly directory: string) {}

  private uploadDir(bucket: string, uploadId: string): string {
    return path.join(this.directory, bucket, '._S3rver_uploads', uploadId);
  }

  /** Whether the upload exists for this bucket and key (S3 ties an upload id to its key). */
  async exists(bucket: string, key: string, uploadId: string): Promise<boolean> {
    if (!UPLOAD_ID.test(uploadId) || bucket.includes('/') || bucket.startsWith('.')) return false;
    try {
      return (await readFile(path.join(this.uploadDir(bucket, uploadId), 'key'), 'utf8')) === key;
    } catch {
      return false;
    }
  }

  /** The parts uploaded so far, by part number (call after `exists`). */
  async parts(bucket: string, uploadId: string): Promise<StoredPart[]> {
    const dir = this.uploadDir(bucket, uploadId);
    const names = (await readdir(dir)).filter((name) => /^\d+$/.test(name));
    const parts = await Promise.all(
      names.map(async (name) => {
        const file = path.join(dir, name);
        // A part still being written has no MD5 file yet: S3 lists a part once it is stored.
        const etag = await readFile(`${file}.md5`, 'utf8').catch(() => undefined);
        if (etag === undefined) return undefined;
        const info = await stat(file);
        return { partNumber: Number(name), etag, size: info.size, lastModified: info.mtime };
      }),
    );
    return parts.filter((part) => part !== undefined).sort((a, b) => a.partNumber - b.partNumber);
  }

  /** Drops the upload and every part of it. */
  async abort(bucket: string, uploadId: string): Promise<void> {
    await rm(this.uploadDir(bucket, uploadId), { recursive: true, force: true });
  }

  /** Marks an object as being assembled from parts while `work` runs (its event is named for that). */
  async whileCompleting<T>(bucket: string, key: string, work: () => Promise<T>): Promise<T> {
    const id = `${bucket}/${key}`;
    this.completingKeys.add(id);
    try {
      return await work();
    } finally {
      this.completingKeys.delete(id);
    }
  }

  isCompleting(bucket: string, key: string): boolean {
    return this.completingKeys.has(`${bucket}/${key}`);
  }
}
