/** Photos table: the photos of a gallery, keyed by gallery and photo id. */
import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../dynamo';

export type PhotoQuality = 'original' | 'optimized';
export type PhotoStatus = 'UPLOADING' | 'PROCESSING' | 'READY' | 'FAILED';

export interface PhotoRecord {
  galleryId: string;
  photoId: string;
  userId: string;
  status: PhotoStatus;
  /** What customers get: the original file, or the 2048 px copy optimised for social media. */
  quality: PhotoQuality;
  originalName?: string;
  createdAt: string;
  width?: number;
  height?: number;
  processedAt?: string;
}

export async function putPhoto(photo: PhotoRecord): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: tableName('photos'), Item: photo }));
}

export async function getPhotos(galleryId: string, photoIds: string[]): Promise<PhotoRecord[]> {
  const found: PhotoRecord[] = [];
  for (let i = 0; i < photoIds.length; i += 100) {
    let keys: Record<string, unknown>[] | undefined = photoIds
      .slice(i, i + 100)
      .map((photoId) => ({ galleryId, photoId }));
    while (keys && keys.length > 0) {
      const table = tableName('photos');
      const result: BatchGetCommandOutput = await dynamo().send(
        new BatchGetCommand({ RequestItems: { [table]: { Keys: keys } } }),
      );
      found.push(...((result.Responses?.[table] ?? []) as PhotoRecord[]));
      keys = result.UnprocessedKeys?.[table]?.Keys;
    }
  }
  return found;
}

/**
 * Marks a photo processed with its dimensions. Idempotent: a second run writes the same values and
 * keeps the first processing time. Returns false when no such photo exists (an object we did not issue).
 */
export async function markPhotoReady(
  galleryId: string,
  photoId: string,
  size: { width: number; height: number },
  now: Date,
): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('photos'),
        Key: { galleryId, photoId },
        UpdateExpression:
          'SET #status = :ready, width = :w, height = :h, processedAt = if_not_exists(processedAt, :now)',
        ConditionExpression: 'attribute_exists(photoId)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':ready': 'READY',
          ':w': size.width,
          ':h': size.height,
          ':now': now.toISOString(),
        },
      }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

export async function markPhotoFailed(galleryId: string, photoId: string): Promise<void> {
  await dynamo()
    .send(
      new UpdateCommand({
        TableName: tableName('photos'),
        Key: { galleryId, photoId },
        UpdateExpression: 'SET #status = :failed',
        ConditionExpression: 'attribute_exists(photoId) AND #status <> :ready',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':failed': 'FAILED', ':ready': 'READY' },
      }),
    )
    .catch((error: { name?: string }) => {
      if (error.name !== 'ConditionalCheckFailedException') throw error;
    });
}
