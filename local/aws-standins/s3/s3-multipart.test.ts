import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  completionProblem,
  ENTITY_TOO_SMALL,
  INVALID_PART,
  INVALID_PART_ORDER,
  listPartsXml,
  MIN_PART_BYTES,
  MultipartStore,
  parseCompleteMultipart,
  partNumberOf,
} from './s3-multipart';

const stored = (partNumber: number, size = MIN_PART_BYTES) => ({
  partNumber,
  etag: `e${partNumber}`,
  size,
  lastModified: new Date('2026-11-28T00:00:00Z'),
});

describe('parseCompleteMultipart', () => {
  it('reads part numbers and ETags without their quotes (escaped or not)', () => {
    const xml =
      '<CompleteMultipartUpload xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
      '<Part><ETag>&quot;e1&quot;</ETag><PartNumber>1</PartNumber></Part>' +
      '<Part><PartNumber>2</PartNumber><ETag>"e2"</ETag></Part></CompleteMultipartUpload>';
    expect(parseCompleteMultipart(xml)).toEqual([
      { partNumber: 1, etag: 'e1' },
      { partNumber: 2, etag: 'e2' },
    ]);
    expect(parseCompleteMultipart('<Delete></Delete>')).toBeUndefined();
    expect(parseCompleteMultipart('<CompleteMultipartUpload></CompleteMultipartUpload>')).toBeUndefined();
  });
});

describe('completionProblem', () => {
  it('answers as S3 does: order, unknown parts or ETags, parts under 5 MiB but the last', () => {
    const held = [stored(1), stored(2), stored(3, 10)];
    const ok = [1, 2, 3].map((n) => ({ partNumber: n, etag: `e${n}` }));
    expect(completionProblem(ok, held)).toBeUndefined();
    expect(completionProblem([ok[1]!, ok[0]!], held)).toBe(INVALID_PART_ORDER);
    expect(completionProblem([ok[0]!, { partNumber: 2, etag: 'other' }], held)).toBe(INVALID_PART);
    expect(completionProblem([...ok, { partNumber: 4, etag: 'e4' }], held)).toBe(INVALID_PART);
    expect(completionProblem([ok[2]!, { partNumber: 4, etag: 'e4' }], [...held, stored(4)])).toBe(
      ENTITY_TOO_SMALL,
    );
  });
});

describe('listPartsXml', () => {
  it('pages by part number marker with S3 ListPartsResult fields', () => {
    const xml = listPartsXml({ bucket: 'b', key: 'k/a b.jpg', uploadId: 'u' }, [stored(1), stored(2)], {
      marker: 0,
      maxParts: 1,
    });
    expect(xml).toContain('<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">');
    expect(xml).toContain('<Part><PartNumber>1</PartNumber>');
    expect(xml).toContain('<ETag>"e1"</ETag>');
    expect(xml).not.toContain('<PartNumber>2</PartNumber>');
    expect(xml).toContain('<NextPartNumberMarker>1</NextPartNumberMarker>');
    expect(xml).toContain('<IsTruncated>true</IsTruncated>');
  });
});

describe('partNumberOf', () => {
  it('takes 1 to 10,000 only', () => {
    expect(partNumberOf('1')).toBe(1);
    expect(partNumberOf('10000')).toBe(10_000);
    for (const bad of ['0', '10001', '1.5', 'x', undefined])
      expect(partNumberOf(bad)).toMatchObject({ code: 'InvalidArgument', status: 400 });
  });
});

describe('MultipartStore', () => {
  it("finds an upload by bucket, key and id in s3rver's layout, lists stored parts, and aborts", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'multipart-store-'));
    try {
      const id = 'a'.repeat(32);
      const upload = path.join(dir, 'bucket', '._S3rver_uploads', id);
      await mkdir(upload, { recursive: true });
      await writeFile(path.join(upload, 'key'), 'g/p.jpg');
      await writeFile(path.join(upload, '1'), 'abc');
      await writeFile(path.join(upload, '1.md5'), 'md5-1');
      // A part still being written (no MD5 yet) is not listed.
      await writeFile(path.join(upload, '2'), 'ab');
      const store = new MultipartStore(dir);
      expect(await store.exists('bucket', 'g/p.jpg', id)).toBe(true);
      expect(await store.exists('bucket', 'g/other.jpg', id)).toBe(false);
      expect(await store.exists('bucket', 'g/p.jpg', '../../etc')).toBe(false);
      expect(await store.parts('bucket', id)).toEqual([
        expect.objectContaining({ partNumber: 1, etag: 'md5-1', size: 3 }),
      ]);
      await store.abort('bucket', id);
      expect(await store.exists('bucket', 'g/p.jpg', id)).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('knows which objects are being assembled while a completion runs', async () => {
    const store = new MultipartStore('/nowhere');
    const seen = await store.whileCompleting('b', 'k', async () => store.isCompleting('b', 'k'));
    expect(seen).toBe(true);
    expect(store.isCompleting('b', 'k')).toBe(false);
  });
});
