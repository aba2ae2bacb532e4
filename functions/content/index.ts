/**
 * The content Lambda: the Sanity query HTTP API and image CDN over the bundled dataset, for a
 * deployment with no Sanity project (docs/deploy.md). Public and read-only; drafts never answered.
 */
import { groupHandler } from '../lib/http';

export const handler = groupHandler('content', {
  contentQuery: () => import('./run-query'),
  contentQueryPost: () => import('./run-query'),
  contentImage: () => import('./get-image'),
});
