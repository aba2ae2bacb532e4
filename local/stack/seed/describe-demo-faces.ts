/**
 * Writes the demo gallery's face descriptors (faces/descriptors.json) from its images with face-api, as the
 * resize's face job would describe them. The seed reads that file instead of loading face-api and
 * describing 19 photos on a first start (about 10 s of CPU); run this again after changing an image:
 * `npx tsx local/stack/seed/describe-demo-faces.ts` (a test fails until then).
 */
import { writeFile } from 'node:fs/promises';
import { describeFaces } from '../../../functions/domains/faces/face-descriptors';
import {
  DEMO_FACE_DESCRIPTORS,
  demoGalleryImages,
  imageDigest,
  serializeDescriptors,
  type ShippedFaces,
} from './demo-faces';

const shipped: ShippedFaces = {};
for (const { name, bytes } of await demoGalleryImages()) {
  shipped[name] = { sha256: imageDigest(bytes), faces: await describeFaces(bytes) };
}
await writeFile(DEMO_FACE_DESCRIPTORS, serializeDescriptors(shipped));
console.log(`Wrote the faces of ${Object.keys(shipped).length} images to ${DEMO_FACE_DESCRIPTORS}`);
