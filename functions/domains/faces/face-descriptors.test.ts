/**
 * The real models on committed photos (local/seed/faces, see its ATTRIBUTION.md): loading them takes
 * seconds, and each photo about half a second on the WASM backend, hence the long timeouts.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { FACE_DESCRIPTOR_DIMS, FACE_MATCH_THRESHOLD } from '#shared/rules/face-search';
import { describeFaces } from './face-descriptors';

const FACES_DIR = path.resolve(import.meta.dirname, '../../../local/stack/seed/faces');
/** Four people of the London set, each photographed neutral and smiling. */
const PEOPLE = ['001', '005', '025', '042'];
const MODEL_TIMEOUT_MS = 120_000;

const distance = (a: Float32Array, b: Float32Array) =>
  Math.sqrt(a.reduce((sum, value, i) => sum + (value - b[i]!) ** 2, 0));

async function onlyFace(file: string): Promise<Float32Array> {
  const faces = await describeFaces(await readFile(path.join(FACES_DIR, file)));
  expect(faces, file).toHaveLength(1);
  return faces[0]!;
}

describe('describeFaces', () => {
  const neutral = new Map<string, Float32Array>();
  const smiling = new Map<string, Float32Array>();

  beforeAll(async () => {
    for (const person of PEOPLE) {
      neutral.set(person, await onlyFace(`london-${person}-neutral.jpg`));
      smiling.set(person, await onlyFace(`london-${person}-smiling.jpg`));
    }
  }, MODEL_TIMEOUT_MS);

  it('gives one descriptor of FACE_DESCRIPTOR_DIMS values per face', () => {
    for (const descriptor of neutral.values()) expect(descriptor).toHaveLength(FACE_DESCRIPTOR_DIMS);
  });

  it("puts a person's two photos within the match threshold", () => {
    for (const person of PEOPLE)
      expect(distance(neutral.get(person)!, smiling.get(person)!), person).toBeLessThan(FACE_MATCH_THRESHOLD);
  });

  it('gives what the demo seed ships for the same photos (faces/descriptors.json)', async () => {
    const shipped = JSON.parse(await readFile(path.join(FACES_DIR, 'descriptors.json'), 'utf8')) as Record<
      string,
      { faces: number[][] }
    >;
    for (const [file, descriptor] of [
      ...[...neutral].map(([person, face]) => [`london-${person}-neutral.jpg`, face] as const),
      ...[...smiling].map(([person, face]) => [`london-${person}-smiling.jpg`, face] as const),
    ]) {
      const faces = shipped[file]?.faces ?? [];
      expect(faces, file).toHaveLength(1);
      expect(distance(descriptor, Float32Array.from(faces[0]!)), file).toBeLessThan(1e-4);
    }
  });

  it('puts different people beyond the match threshold', () => {
    for (const person of PEOPLE)
      for (const other of PEOPLE.filter((id) => id !== person))
        expect(distance(neutral.get(person)!, smiling.get(other)!), `${person} ${other}`).toBeGreaterThan(
          FACE_MATCH_THRESHOLD,
        );
  });

  it(
    'finds no face in a picture without one',
    async () => {
      const gradient = Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
          <defs><linearGradient id="g"><stop offset="0" stop-color="#123"/><stop offset="1" stop-color="#fc8"/></linearGradient></defs>
          <rect width="100%" height="100%" fill="url(#g)"/></svg>`,
      );
      expect(await describeFaces(await sharp(gradient).jpeg().toBuffer())).toEqual([]);
    },
    MODEL_TIMEOUT_MS,
  );
});
