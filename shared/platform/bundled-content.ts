/**
 * The names the bundled content API answers for, the same locally and in a deployment, and where
 * the dataset sits: `content/dataset` in the repository and, copied there by the CDK, in the
 * content Lambda's package. A SPA built for the bundled API uses the same project id and dataset.
 */
export const BUNDLED_CONTENT = {
  /** Any lowercase name works: the SPA sends it only inside image URLs. */
  projectId: 'shutterlane',
  /** The dataset the spec's queries read. */
  dataset: 'production',
  /** Relative to the repository root, and to the Lambda package root. */
  folder: 'content/dataset',
} as const;
