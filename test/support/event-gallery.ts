/**
 * An event-sized public gallery written straight into the local stack's storage (as the resize would
 * have left it: READY photo items with their sizes and `shownSort`, the gallery's count, and small
 * 2048 px copies to draw previews from), so tests and the bench can have thousands of photos without
 * uploading them. Written through the operator's environment, in batches.
 */
import { BatchWriteCommand, type BatchWriteCommandOutput, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import { bucketsEnv } from '../../functions/lib/env';
import { dynamo, tableName } from '../../functions/lib/dynamo';
import type { PhotoRecord } from '../../functions/lib/repositories/photos';
import { writeObject } from '../../functions/lib/s3';
import { objectKeys } from '../../functions/lib/storage-layout';

export interface EventPhotosOptions {
  userId: string;
  galleryId: string;
  count: number;
  /** Photos whose 2048 px copy is written too (the first ones): a preview can be drawn only from those. */
  withCopies?: number;
  /** The first photo's creation time; each next one is a second later (the gallery's order). */
  from?: Date;
}

/** A photo id as the uploads make them (16 URL-safe characters), numbered so tests can tell them apart. */
export const eventPhotoId = (galleryId: string, n: number): string =>
  `${galleryId.slice(-6)}p${String(n).padStart(9, '0')}`.slice(-16);

const SIZES = [
  { width: 2048, height: 1365 },
  { width: 1365, height: 2048 },
  { width: 2048, height: 1536 },
];

function photoItem(options: EventPhotosOptions, n: number): PhotoRecord {
  const createdAt = new Date(
    (options.from ?? new Date('2026-06-01T08:00:00Z')).getTime() + n * 1000,
  ).toISOString();
  return {
    galleryId: options.galleryId,
    photoId: eventPhotoId(options.galleryId, n),
    userId: options.userId,
    status: 'READY',
    quality: 'original',
    createdAt,
    processedAt: createdAt,
    ...SIZES[n % SIZES.length]!,
    webp: true,
    gridWebp: true,
    shownSort: createdAt,
  };
}

/** A small JPEG of the photo's shape standing for its 2048 px copy. */
const copyOf = (n: number) =>
  sharp({
    create: {
      ...(SIZES[n % SIZES.length]!.width > SIZES[n % SIZES.length]!.height
        ? { width: 96, height: 64 }
        : { width: 64, height: 96 }),
      channels: 3,
      background: { r: (n * 37) % 255, g: (n * 91) % 255, b: 160 },
    },
  })
    .jpeg()
    .toBuffer();

/** Writes the photos and moves the gallery's count by as many; gives back their ids in order. */
export async function writeEventPhotos(options: EventPhotosOptions): Promise<string[]> {
  const items = Array.from({ length: options.count }, (_, n) => photoItem(options, n));
  for (let i = 0; i < items.length; i += 25) {
    let requests: Record<string, unknown>[] | undefined = items
      .slice(i, i + 25)
      .map((Item) => ({ PutRequest: { Item } }));
    while (requests && requests.length > 0) {
      const result: BatchWriteCommandOutput = await dynamo().send(
        new BatchWriteCommand({ RequestItems: { [tableName('photos')]: requests } }),
      );
      requests = result.UnprocessedItems?.[tableName('photos')];
    }
  }
  for (let n = 0; n < (options.withCopies ?? 0); n++)
    await writeObject(
      bucketsEnv().DERIVED_BUCKET,
      objectKeys.optimized(options.galleryId, items[n]!.photoId),
      await copyOf(n),
      { contentType: 'image/jpeg' },
    );
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName('galleries'),
      Key: { userId: options.userId, galleryId: options.galleryId },
      UpdateExpression: 'ADD photoCount :count',
      ExpressionAttributeValues: { ':count': options.count },
    }),
  );
  return items.map((item) => item.photoId);
}
