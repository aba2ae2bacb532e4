/** Where the bundled dataset lives and the project/dataset names the local content API answers for. */
import path from 'node:path';

export const LOCAL_CONTENT = {
  /** Any lowercase name works locally; the SPA sends it only inside image URLs. */
  projectId: 'shutterlane',
  /** The dataset the spec's queries read. */
  dataset: 'production',
  datasetDir: path.resolve(import.meta.dirname, '../../../content/dataset'),
} as const;
