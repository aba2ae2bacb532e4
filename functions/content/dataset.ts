/**
 * The bundled content dataset: every `*.ndjson` file of a folder, one Sanity document per line, as
 * `sanity dataset export` writes them. Drafts (`drafts.` ids) are left out on load, so the content API
 * (the Lambda and the local stand-in alike) only ever answers with published documents.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface ContentDocument {
  _id: string;
  _type: string;
  [field: string]: unknown;
}

const isDocument = (value: unknown): value is ContentDocument =>
  value !== null &&
  typeof value === 'object' &&
  typeof (value as { _id?: unknown })._id === 'string' &&
  typeof (value as { _type?: unknown })._type === 'string';

export const isDraftId = (id: string): boolean => id.startsWith('drafts.');

/** Parses NDJSON text; a malformed line fails with its file and line number, so a typo is easy to find. */
export function parseNdjson(text: string, source: string): ContentDocument[] {
  const documents: ContentDocument[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new Error(`${source}:${index + 1}: not JSON (${(error as Error).message})`, { cause: error });
    }
    if (!isDocument(value)) throw new Error(`${source}:${index + 1}: a document needs string _id and _type`);
    documents.push(value);
  });
  return documents;
}

/** Published documents of every NDJSON file in `dir`; duplicate ids are a dataset error. */
export async function loadDataset(dir: string): Promise<ContentDocument[]> {
  const files = (await readdir(dir)).filter((name) => name.endsWith('.ndjson')).sort();
  const seen = new Set<string>();
  const published: ContentDocument[] = [];
  for (const file of files) {
    const documents = parseNdjson(await readFile(path.join(dir, file), 'utf8'), file);
    for (const document of documents) {
      if (seen.has(document._id)) throw new Error(`${file}: duplicate _id ${document._id}`);
      seen.add(document._id);
      if (!isDraftId(document._id)) published.push(document);
    }
  }
  return published;
}
