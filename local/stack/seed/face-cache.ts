/**
 * Face descriptors of the seed's images, cached by the SHA-256 of each image's bytes in
 * node_modules/.cache (never committed: made on this machine), so `npm start` and every test stack's
 * seed reuse them instead of running face-api again. face-api loads only on a miss.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const CACHE_DIR = path.join(import.meta.dirname, '../../../node_modules/.cache/shutterlane-faces');

const fileOf = (hash: string) => path.join(CACHE_DIR, `${hash}.json`);

async function cached(hash: string): Promise<Float32Array[] | undefined> {
  try {
    const stored = JSON.parse(await readFile(fileOf(hash), 'utf8')) as number[][];
    return stored.map((values) => Float32Array.from(values));
  } catch {
    return undefined;
  }
}

export async function seedImageFaces(image: Buffer): Promise<Float32Array[]> {
  const hash = createHash('sha256').update(image).digest('hex');
  const hit = await cached(hash);
  if (hit) return hit;
  const { describeFaces } = await import('../../../functions/domains/faces/face-descriptors');
  const faces = await describeFaces(image);
  await mkdir(CACHE_DIR, { recursive: true });
  await writeFile(fileOf(hash), JSON.stringify(faces.map((face) => Array.from(face))));
  return faces;
}
