/** Where the bundled dataset lives and the project/dataset names the local content API answers for. */
import path from 'node:path';
import { BUNDLED_CONTENT } from '#shared/platform/bundled-content';

export const LOCAL_CONTENT = {
  projectId: BUNDLED_CONTENT.projectId,
  dataset: BUNDLED_CONTENT.dataset,
  datasetDir: path.resolve(import.meta.dirname, '../..', BUNDLED_CONTENT.folder),
} as const;
