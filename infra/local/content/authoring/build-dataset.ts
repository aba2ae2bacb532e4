/**
 * Writes the bundled dataset's NDJSON files from the authoring sources in this folder:
 * `npx tsx infra/local/content/authoring/build-dataset.ts`. Edit the sources, not the NDJSON.
 * (Images and assets.ndjson come from `generate-images.ts`.)
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LOCAL_CONTENT } from '../settings';
import { faqDocuments } from './faq-documents';

type Doc = { _id: string; _type: string };

async function write(name: string, documents: Doc[]): Promise<void> {
  const lines = documents.map((document) => JSON.stringify(document)).join('\n');
  await writeFile(path.join(LOCAL_CONTENT.datasetDir, name), `${lines}\n`);
  console.log(`${name}: ${documents.length} documents`);
}

await write('faqs.ndjson', faqDocuments());
