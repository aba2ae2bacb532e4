import { describe, expect, it } from 'vitest';
import {
  demoGalleryImages,
  demoImageFaces,
  GALLERY_FILES,
  imageDigest,
  readShippedFaces,
  serializeDescriptors,
} from './demo-faces';

describe("the demo gallery's shipped face descriptors", () => {
  it('were made from the images as they are now (else run local/stack/seed/describe-demo-faces.ts)', async () => {
    const shipped = await readShippedFaces();
    expect(Object.keys(shipped).sort()).toEqual([...GALLERY_FILES].sort());
    for (const { name, bytes } of await demoGalleryImages()) {
      expect(shipped[name]!.sha256, name).toBe(imageDigest(bytes));
      expect(shipped[name]!.faces.length, name).toBeGreaterThan(0);
    }
  });

  it('are what the seed writes for an unchanged image', async () => {
    const shipped = await readShippedFaces();
    const [image] = await demoGalleryImages();
    const faces = await demoImageFaces(image!, shipped);
    expect(faces.map((face) => Array.from(face))).toEqual(
      shipped[image!.name]!.faces.map((face) => Array.from(Float32Array.from(face))),
    );
  });

  it('give back every float32 exactly once written', () => {
    const face = Float32Array.from({ length: 128 }, (_, i) => Math.sin(i * 7.3) / (i + 1));
    const written = JSON.parse(serializeDescriptors({ 'a.jpg': { sha256: 'x', faces: [face] } })) as {
      'a.jpg': { faces: number[][] };
    };
    expect(Float32Array.from(written['a.jpg'].faces[0]!)).toEqual(face);
  });
});
