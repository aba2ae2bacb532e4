/**
 * Descriptors of the benchmark's images kept on disk between runs: describing the 102 selfies and some
 * hundred scenes takes minutes on 2 cores, and the images (seeded, so byte for byte the same each run)
 * seldom change. Keyed by the SHA-256 of the image's bytes and the settings that shape a descriptor, so
 * a changed image, model or setting is described afresh.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import { FACE_MIN_SCORE } from '#shared/rules/face-search';
import {
  DETECTION_MAX_SIDE_PX,
  MIN_FACE_WIDTH_PX,
  describeFaces,
} from '../../functions/domains/faces/face-descriptors';

/** FACE_BENCH_CACHE_DIR moves it (a worktree whose node_modules is shared, say). */
export const CACHE_DIR =
  process.env.FACE_BENCH_CACHE_DIR ?? path.resolve('node_modules/.cache/shutterlane-faces');

const faceApiVersion = (
  createRequire(import.meta.url)('@vladmandic/face-api/package.json') as { version: string }
).version;
const SETTINGS = `face-api ${faceApiVersion} ssd ${DETECTION_MAX_SIDE_PX} ${FACE_MIN_SCORE} ${MIN_FACE_WIDTH_PX}`;

export interface CacheCounts {
  hits: number;
  misses: number;
}

export async function cachedDescribe(image: Buffer, counts: CacheCounts): Promise<Float32Array[]> {
  const key = createHash('sha256').update(SETTINGS).update('\0').update(image).digest('hex');
  const file = path.join(CACHE_DIR, `${key}.json`);
  try {
    const faces = JSON.parse(await readFile(file, 'utf8')) as number[][];
    counts.hits++;
    return faces.map((face) => Float32Array.from(face));
  } catch {
    counts.misses++;
  }
  const faces = await describeFaces(image);
  await mkdir(CACHE_DIR, { recursive: true });
  await writeFile(file, JSON.stringify(faces.map((face) => Array.from(face))));
  return faces;
}
