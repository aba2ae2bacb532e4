/**
 * The content store clients (Sanity, or locally the bundled-dataset content API with the same HTTP
 * API): read-only, no token, dataset from configuration. FAQs and use cases/events skip the CDN so
 * an edit shows at once (spec section 7); the API versions are the spec's (section 9). Imported only
 * by lazily loaded marketing features, so @sanity/client stays out of the customer routes' bundle.
 */
import { createClient, type SanityClient } from '@sanity/client';
import { createImageUrlBuilder } from '@sanity/image-url';
import { CONTENT_API_VERSION_FAQS, CONTENT_API_VERSION_PAGES } from '#shared/constants';

export interface ContentSettings {
  projectId: string;
  dataset: string;
  /** Empty: Sanity's own API host. */
  apiHost: string;
}

export function contentSettings(): ContentSettings {
  return {
    projectId: import.meta.env.VITE_SANITY_PROJECT_ID,
    dataset: import.meta.env.VITE_SANITY_DATASET,
    apiHost: import.meta.env.VITE_SANITY_API_HOST,
  };
}

/** Thrown when no content project is configured; callers show their load error. */
export class ContentNotConfiguredError extends Error {
  constructor() {
    super('No content project is configured (VITE_SANITY_PROJECT_ID)');
  }
}

export function createContentClient(
  settings: ContentSettings,
  options: { apiVersion: string; useCdn: boolean },
): SanityClient {
  if (settings.projectId === '') throw new ContentNotConfiguredError();
  return createClient({
    projectId: settings.projectId,
    dataset: settings.dataset,
    apiVersion: options.apiVersion,
    useCdn: options.useCdn,
    ...(settings.apiHost !== '' && { apiHost: settings.apiHost, useProjectHostname: false }),
  });
}

/** FAQs: API version 2024-01-01, no CDN. */
export const faqClient = (settings = contentSettings()) =>
  createContentClient(settings, { apiVersion: CONTENT_API_VERSION_FAQS, useCdn: false });

/** Use cases and events: API version 2023-01-01, no CDN. */
export const pagesClient = (settings = contentSettings()) =>
  createContentClient(settings, { apiVersion: CONTENT_API_VERSION_PAGES, useCdn: false });

/**
 * The insights blog: the spec names no version for it, so the newer one (2024-01-01); the CDN is
 * allowed, since section 7 skips it only for FAQs and use cases/events and posts change rarely.
 */
export const blogClient = (settings = contentSettings()) =>
  createContentClient(settings, { apiVersion: CONTENT_API_VERSION_FAQS, useCdn: true });

/** Image URLs from asset references, with w and h, from the same host as the queries. */
export const imageUrls = (settings = contentSettings()) =>
  createImageUrlBuilder({
    projectId: settings.projectId,
    dataset: settings.dataset,
    ...(settings.apiHost !== '' && { baseUrl: settings.apiHost }),
  });
