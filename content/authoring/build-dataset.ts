/**
 * Writes the bundled dataset's NDJSON files from the authoring sources in this folder:
 * `npx tsx content/authoring/build-dataset.ts`. Edit the sources, not the NDJSON; a unit
 * test fails when the committed files and the sources disagree.
 * (Images and assets.ndjson come from `generate-images.ts`.)
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LOCAL_CONTENT } from './dataset-settings';
import { datasetFiles, toNdjson } from './dataset-files';

for (const [name, documents] of Object.entries(datasetFiles())) {
  await writeFile(path.join(LOCAL_CONTENT.datasetDir, name), toNdjson(documents));
  console.log(`${name}: ${documents.length} documents`);
}
