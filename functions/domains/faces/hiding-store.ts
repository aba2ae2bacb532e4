/**
 * Hiding table: the people a seller hides from a public gallery (`person#{personId}`: a label and the
 * reference photo's descriptor, float32 packed) and the photos withheld for them (`photo#{photoId}`: who
 * matched, since when), in the gallery's partition. Deleted with the gallery.
 */
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionally, deleteItems, dynamo, queryAll as queryEvery, tableName } from '../../lib/dynamo';

const PERSON = 'person#';
const PHOTO = 'photo#';

export interface HiddenPersonRecord {
  personId: string;
  label: string;
  /** The reference face's descriptor. */
  descriptor: Float32Array;
  addedAt: string;
}

export interface WithheldRecord {
  photoId: string;
  personIds: string[];
  withheldAt: string;
}

const packed = (descriptor: Float32Array) =>
  Buffer.from(descriptor.buffer, descriptor.byteOffset, descriptor.byteLength);
const unpacked = (bytes: Uint8Array) =>
  new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));

/** Adds a hidden person, while the gallery has fewer than `limit` (counted first; one seller adds them). */
export async function putHiddenPerson(galleryId: string, person: HiddenPersonRecord): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName('hiding'),
      Item: {
        galleryId,
        itemKey: `${PERSON}${person.personId}`,
        personId: person.personId,
        label: person.label,
        descriptor: packed(person.descriptor),
        addedAt: person.addedAt,
      },
      ConditionExpression: 'attribute_not_exists(itemKey)',
    }),
  );
}

const queryAll = (galleryId: string, prefix: string): Promise<Record<string, unknown>[]> =>
  queryEvery({
    TableName: tableName('hiding'),
    KeyConditionExpression: 'galleryId = :galleryId AND begins_with(itemKey, :prefix)',
    ExpressionAttributeValues: { ':galleryId': galleryId, ':prefix': prefix },
    ConsistentRead: true,
  });

/** The gallery's hidden people (a handful to a hundred), as just written. */
export async function listHiddenPeople(galleryId: string): Promise<HiddenPersonRecord[]> {
  return (await queryAll(galleryId, PERSON)).map((item) => ({
    personId: item.personId as string,
    label: item.label as string,
    descriptor: unpacked(item.descriptor as Uint8Array),
    addedAt: item.addedAt as string,
  }));
}

export async function deleteHiddenPerson(galleryId: string, personId: string): Promise<boolean> {
  const { Attributes } = await dynamo().send(
    new DeleteCommand({
      TableName: tableName('hiding'),
      Key: { galleryId, itemKey: `${PERSON}${personId}` },
      ReturnValues: 'ALL_OLD',
    }),
  );
  return Attributes !== undefined;
}

const withheldOf = (item: Record<string, unknown>): WithheldRecord => ({
  photoId: item.photoId as string,
  personIds: [...((item.personIds as Set<string> | undefined) ?? [])].sort(),
  withheldAt: item.withheldAt as string,
});

/** Records that a hidden person's face matched the photo (the list grows; the first time stays). */
export async function recordWithheld(galleryId: string, photoId: string, personIds: string[], at: string) {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName('hiding'),
      Key: { galleryId, itemKey: `${PHOTO}${photoId}` },
      UpdateExpression:
        'SET photoId = :photoId, withheldAt = if_not_exists(withheldAt, :at) ADD personIds :people',
      ExpressionAttributeValues: { ':photoId': photoId, ':at': at, ':people': new Set(personIds) },
    }),
  );
}

/** Every withheld photo of the gallery, in photo id order (the seller's list and counts; a person's removal). */
export const listAllWithheld = async (galleryId: string): Promise<WithheldRecord[]> =>
  (await queryAll(galleryId, PHOTO)).map(withheldOf);

/** The photo is withheld no more (released, or its last matching person was removed). */
export async function deleteWithheld(
  galleryId: string,
  photoId: string,
): Promise<WithheldRecord | undefined> {
  const { Attributes } = await dynamo().send(
    new DeleteCommand({
      TableName: tableName('hiding'),
      Key: { galleryId, itemKey: `${PHOTO}${photoId}` },
      ReturnValues: 'ALL_OLD',
    }),
  );
  return Attributes && withheldOf(Attributes);
}

/** Takes a removed person out of a withheld photo's list; false when others are no longer on it. */
export function dropWithheldPerson(galleryId: string, photoId: string, personId: string): Promise<boolean> {
  return conditionally(
    new UpdateCommand({
      TableName: tableName('hiding'),
      Key: { galleryId, itemKey: `${PHOTO}${photoId}` },
      UpdateExpression: 'DELETE personIds :person',
      ConditionExpression: 'attribute_exists(itemKey)',
      ExpressionAttributeValues: { ':person': new Set([personId]) },
    }),
  );
}

/** Everything of the gallery's hiding (it is deleted): its references go with it. */
export async function deleteGalleryHiding(galleryId: string): Promise<void> {
  const items = await queryAll(galleryId, '');
  await deleteItems(
    'hiding',
    items.map((item) => ({ galleryId, itemKey: item.itemKey })),
  );
}
