/** Galleries table: a seller's galleries, keyed by seller and a time-sortable gallery id. */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../dynamo';

export interface GalleryRecord {
  userId: string;
  galleryId: string;
  albumName: string;
  createdAt: string;
  photoCount: number;
}

export async function putGallery(gallery: GalleryRecord): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: tableName('galleries'), Item: gallery }));
}
