import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { footerTexts } from './footer-texts';

const datasetSlugs = (file: string): string[] =>
  readFileSync(new URL(`../../../../content/dataset/${file}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { _id: string; slug?: { current: string } })
    .filter((doc) => !doc._id.startsWith('drafts.'))
    .map((doc) => doc.slug?.current ?? '');

it('links only use cases that exist in the bundled dataset', () => {
  const slugs = datasetSlugs('use-cases.ndjson');
  for (const useCase of footerTexts.useCases) expect(slugs).toContain(useCase.slug);
});
