/** Every NDJSON file the authoring sources produce, by file name (images come from generate-images.ts). */
import {
  blogDocuments,
  businessTypeDocuments,
  eventDocuments,
  pageDocuments,
  useCaseDocuments,
} from './content-documents';
import { faqDocuments } from './faq-documents';

export const datasetFiles = (): Record<string, { _id: string; _type: string }[]> => ({
  'faqs.ndjson': faqDocuments(),
  'pages.ndjson': pageDocuments(),
  'business-types.ndjson': businessTypeDocuments(),
  'blog.ndjson': blogDocuments(),
  'use-cases.ndjson': useCaseDocuments(),
  'events.ndjson': eventDocuments(),
});

export const toNdjson = (documents: unknown[]): string =>
  `${documents.map((document) => JSON.stringify(document)).join('\n')}\n`;
