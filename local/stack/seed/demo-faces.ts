/**
 * The demo public gallery's images and their faces' descriptors. The descriptors ship beside the images
 * (faces/descriptors.json, written by describe-demo-faces.ts with face-api, as the resize's face job
 * describes a photo), so a first start neither loads face-api nor spends about 10 s of CPU describing
 * 19 photos. An image whose SHA-256 no longer matches the one its descriptors were made from is
 * described here instead (and a test says to write the file again).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export const FACES_DIR = path.join(import.meta.dirname, 'faces');
export const DEMO_FACE_DESCRIPTORS = path.join(FACES_DIR, 'descriptors.json');

/** The gallery's photos, in its order: three of the selfie's person (lisa1), then eight people twice. */
export const GALLERY_FILES = [
  'lisa2.jpg',
  'lisa3.jpg',
  'lisa4.jpg',
  ...['001', '004', '005', '006', '008', '025', '030', '042'].flatMap((n) => [
    `london-${n}-smiling.jpg`,
    `london-${n}-neutral.jpg`,
  ]),
];

export interface DemoImage {
  name: string;
  bytes: Buffer;
}

/** Each image's faces as face-api described them, and the digest of the bytes described. */
export type ShippedFaces = Record<string, { sha256: string; faces: ArrayLike<number>[] }>;

export const imageDigest = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export const demoGalleryImages = (): Promise<DemoImage[]> =>
  Promise.all(
    GALLERY_FILES.map(async (name) => ({ name, bytes: await readFile(path.join(FACES_DIR, name)) })),
  );

/** One image a line; nine significant digits give back every float32 exactly. */
export function serializeDescriptors(shipped: ShippedFaces): string {
  const lines = Object.entries(shipped).map(([name, { sha256, faces }]) => {
    const values = faces.map((face) => Array.from(face, (value) => Number(value.toPrecision(9))));
    return `  ${JSON.stringify(name)}: ${JSON.stringify({ sha256, faces: values })}`;
  });
  return `{\n${lines.join(',\n')}\n}\n`;
}

export async function readShippedFaces(): Promise<ShippedFaces> {
  return JSON.parse(await readFile(DEMO_FACE_DESCRIPTORS, 'utf8')) as ShippedFaces;
}

/** The image's faces: the shipped descriptors while the image is the one described, face-api otherwise. */
export async function demoImageFaces(image: DemoImage, shipped: ShippedFaces): Promise<Float32Array[]> {
  const entry = shipped[image.name];
  if (entry?.sha256 === imageDigest(image.bytes)) return entry.faces.map((face) => Float32Array.from(face));
  const { describeFaces } = await import('../../../functions/domains/faces/face-descriptors');
  return describeFaces(image.bytes);
}
