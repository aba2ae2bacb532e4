/**
 * A public gallery's face descriptors in one packed object ("at event scale"): a marathon
 * gallery holds tens of thousands of photos with several faces each, which a search cannot read item by
 * item from DynamoDB (1 MB pages). One S3 read loads them all; the search function keeps the decoded
 * index while its object is unchanged.
 *
 * Layout (little-endian): magic "SLFI", a u32 format version, a u32 length of the JSON header
 * `{ dims, photoIds }`, the header, zero padding to a multiple of 4, then a u32 per face (its photo's
 * position in `photoIds`) and the faces' descriptors as float32, `dims` each.
 *
 * Pure: no I/O here. The search answers photo ids only, best first, never a distance or a descriptor,
 * so an answer cannot be used to rebuild anyone's face data.
 */
const MAGIC = 'SLFI';
const VERSION = 1;

export interface FaceIndex {
  dims: number;
  photoIds: string[];
  /** For each face, its photo's position in `photoIds`. */
  faceToPhoto: Uint32Array;
  /** The faces' descriptors, `dims` values each, face after face. */
  descriptors: Float32Array;
}

export const emptyFaceIndex = (dims: number): FaceIndex => ({
  dims,
  photoIds: [],
  faceToPhoto: new Uint32Array(0),
  descriptors: new Float32Array(0),
});

export class FaceIndexFormatError extends Error {
  override readonly name = 'FaceIndexFormatError';
}

const padTo4 = (n: number) => (n + 3) & ~3;

const bytesOf = (array: Uint32Array | Float32Array) =>
  new Uint8Array(array.buffer, array.byteOffset, array.byteLength);

export function packFaceIndex(index: FaceIndex): Buffer {
  const header = Buffer.from(JSON.stringify({ dims: index.dims, photoIds: index.photoIds }));
  const headerEnd = padTo4(12 + header.length);
  const faces = index.faceToPhoto.length;
  const packed = Buffer.alloc(headerEnd + faces * 4 + index.descriptors.length * 4);
  packed.write(MAGIC, 0, 'latin1');
  packed.writeUInt32LE(VERSION, 4);
  packed.writeUInt32LE(header.length, 8);
  header.copy(packed, 12);
  // Typed arrays are little-endian on every platform Lambda and browsers run on (x86, Arm).
  packed.set(bytesOf(index.faceToPhoto), headerEnd);
  packed.set(bytesOf(index.descriptors), headerEnd + faces * 4);
  return packed;
}

export function unpackFaceIndex(packed: Buffer): FaceIndex {
  if (packed.length < 12 || packed.toString('latin1', 0, 4) !== MAGIC)
    throw new FaceIndexFormatError('not a face index');
  if (packed.readUInt32LE(4) !== VERSION) throw new FaceIndexFormatError('unknown face index version');
  const headerLength = packed.readUInt32LE(8);
  const headerEnd = padTo4(12 + headerLength);
  const { dims, photoIds } = JSON.parse(packed.toString('utf8', 12, 12 + headerLength)) as {
    dims: number;
    photoIds: string[];
  };
  const faces = (packed.length - headerEnd) / (4 + dims * 4);
  if (!Number.isInteger(faces)) throw new FaceIndexFormatError('truncated face index');
  // Copied out, so the arrays are aligned whatever the buffer's offset in its pool.
  const body = new Uint8Array(packed.subarray(headerEnd)).buffer;
  const faceToPhoto = new Uint32Array(body, 0, faces);
  if (faceToPhoto.some((photo) => photo >= photoIds.length))
    throw new FaceIndexFormatError('a face points past the photo list');
  return { dims, photoIds, faceToPhoto, descriptors: new Float32Array(body, faces * 4, faces * dims) };
}

/**
 * The index with each changed photo's faces replaced (none: the photo is removed), in one rebuild: a
 * batch of processed photos costs one pass over the index, not one per photo. Photo ids with no face
 * left are dropped, so a deleted photo leaves nothing behind.
 */
export function withFaces(
  index: FaceIndex,
  changes: ReadonlyMap<string, readonly Float32Array[]>,
): FaceIndex {
  for (const faces of changes.values())
    for (const face of faces)
      if (face.length !== index.dims)
        throw new RangeError(`a descriptor of ${face.length} values, not ${index.dims}`);
  const kept: { photoId: string; descriptor: Float32Array }[] = [];
  for (let face = 0; face < index.faceToPhoto.length; face++) {
    const owner = index.photoIds[index.faceToPhoto[face]!]!;
    if (!changes.has(owner))
      kept.push({
        photoId: owner,
        descriptor: index.descriptors.subarray(face * index.dims, (face + 1) * index.dims),
      });
  }
  for (const [photoId, faces] of changes) for (const descriptor of faces) kept.push({ photoId, descriptor });
  const photoIds = [...new Set(kept.map((face) => face.photoId))];
  const position = new Map(photoIds.map((id, i) => [id, i]));
  const descriptors = new Float32Array(kept.length * index.dims);
  kept.forEach((face, i) => descriptors.set(face.descriptor, i * index.dims));
  return {
    dims: index.dims,
    photoIds,
    faceToPhoto: Uint32Array.from(kept, (face) => position.get(face.photoId)!),
    descriptors,
  };
}

/** One photo's faces replaced (none: the photo is removed). */
export const withPhotoFaces = (
  index: FaceIndex,
  photoId: string,
  faces: readonly Float32Array[],
): FaceIndex => withFaces(index, new Map([[photoId, faces]]));

/**
 * The photos with a face within `threshold` (Euclidean distance) of `query`, closest first; each photo
 * once, at its closest face.
 */
export function searchFaces(index: FaceIndex, query: Float32Array, threshold: number): string[] {
  if (query.length !== index.dims)
    throw new RangeError(`a query of ${query.length} values, not ${index.dims}`);
  const limit = threshold * threshold;
  const best = new Map<number, number>();
  const { dims, descriptors, faceToPhoto } = index;
  for (let face = 0; face < faceToPhoto.length; face++) {
    let distance = 0;
    const base = face * dims;
    for (let d = 0; d < dims && distance <= limit; d++) {
      const difference = descriptors[base + d]! - query[d]!;
      distance += difference * difference;
    }
    if (distance > limit) continue;
    const photo = faceToPhoto[face]!;
    const before = best.get(photo);
    if (before === undefined || distance < before) best.set(photo, distance);
  }
  return [...best.entries()].sort((a, b) => a[1] - b[1]).map(([photo]) => index.photoIds[photo]!);
}
