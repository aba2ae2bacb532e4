/**
 * A public gallery at event size, written straight into the stack (uploading and resizing thousands of
 * photos would take the suite minutes): photo records in the photos table as the resize leaves them
 * (READY, every copy made, `shownSort` set, so shown to customers), each with a small JPEG at its 2048 px
 * copy's key in the derived bucket (what the watermarked previews are drawn from), and the gallery's
 * photo count raised by as many. Their upload times lie before any real upload, so they are the
 * gallery's first photos, and photos uploaded through the app come after them, on the last page.
 */
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { randomBytes } from 'node:crypto';
import { dynamo, tableName } from '../../functions/lib/dynamo';
import { bucketsEnv } from '../../functions/lib/env';
import { addToPhotoCount } from '../../functions/domains/galleries/gallery-store';
import type { PhotoRecord } from '../../functions/domains/galleries/photo-store';
import { writeObject } from '../../functions/lib/s3';
import { objectKeys } from '../../shared/platform/storage-layout';
import { solidJpeg } from './images';

/** Landscape, portrait and square photos in turn, so the masonry's columns differ in height. */
const SHAPES = [
  { width: 1200, height: 800 },
  { width: 800, height: 1200 },
  { width: 1000, height: 1000 },
] as const;
/** The stored copies are this many times smaller than the record says: small, quick to watermark. */
const SHRINK = 25;
/** DynamoDB's most items in one BatchWriteItem. */
const BATCH_ITEMS = 25;
/** Writes in flight at once, table and bucket alike. */
const PARALLEL = 8;
/** Before any photo the app uploads: the generated ones come first in upload order. */
const FIRST_UPLOAD = Date.parse('2020-01-01T08:00:00Z');

async function inParallel<T>(items: readonly T[], write: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await write(items[next++]!);
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
}

async function writeBatch(records: PhotoRecord[]): Promise<void> {
  const table = tableName('photos');
  let requests: NonNullable<ConstructorParameters<typeof BatchWriteCommand>[0]['RequestItems']>[string] =
    records.map((Item) => ({ PutRequest: { Item } }));
  while (requests.length > 0) {
    const { UnprocessedItems } = await dynamo().send(
      new BatchWriteCommand({ RequestItems: { [table]: requests } }),
    );
    requests = UnprocessedItems?.[table] ?? [];
  }
}

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * Adds `count` shown photos to the gallery; gives back their ids, in upload order. `copies`: how many of
 * them (the first) get a 2048 px copy to draw previews from (all by default).
 */
export async function addGeneratedPhotos(
  userId: string,
  galleryId: string,
  count: number,
  options: { copies?: number } = {},
): Promise<string[]> {
  const copies = await Promise.all(
    SHAPES.map((shape, n) =>
      solidJpeg(shape.width / SHRINK, shape.height / SHRINK, { r: 60 + 60 * n, g: 110, b: 170 }),
    ),
  );
  const records = Array.from({ length: count }, (_, i): PhotoRecord => {
    const createdAt = new Date(FIRST_UPLOAD + i * 1000).toISOString();
    return {
      galleryId,
      photoId: randomBytes(12).toString('base64url'),
      userId,
      status: 'READY',
      quality: 'optimized',
      originalName: `event-${i + 1}.jpg`,
      createdAt,
      processedAt: createdAt,
      ...SHAPES[i % SHAPES.length]!,
      shownSort: createdAt,
    };
  });
  const { DERIVED_BUCKET } = bucketsEnv();
  await inParallel(
    records
      .slice(0, options.copies ?? count)
      .map((record, i) => ({ record, copy: copies[i % SHAPES.length]! })),
    ({ record, copy }) =>
      writeObject(DERIVED_BUCKET, objectKeys.optimized(galleryId, record.photoId), copy, {
        contentType: 'image/jpeg',
      }),
  );
  await inParallel(chunks(records, BATCH_ITEMS), writeBatch);
  await addToPhotoCount(userId, galleryId, count);
  return records.map((record) => record.photoId);
}
