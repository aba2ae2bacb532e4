import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../functions/content/dataset';
import { LOCAL_CONTENT } from './dataset-settings';
import { datasetFiles, toNdjson } from './dataset-files';

describe('the bundled dataset', () => {
  it.each(Object.entries(datasetFiles()))('%s is built from the current sources', async (name, documents) => {
    const committed = await readFile(path.join(LOCAL_CONTENT.datasetDir, name), 'utf8');
    expect(committed, 'run npx tsx content/authoring/build-dataset.ts').toBe(toNdjson(documents));
  });

  it('references only image assets that exist', async () => {
    const documents = await loadDataset(LOCAL_CONTENT.datasetDir);
    const assets = new Set(documents.filter((d) => d._type === 'sanity.imageAsset').map((d) => d._id));
    const refs = JSON.stringify(documents).match(/"_ref":"image-[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(assets).toContain(ref.slice(8, -1));
  });
});
