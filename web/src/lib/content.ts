/**
 * The content store clients (Sanity, or locally the bundled-dataset content API with the same HTTP
 * API): read-only, no token, dataset from configuration. FAQs and use cases/events skip the CDN so
 * an edit shows at once (spec section 7); the API versions are the spec's (section 9).
 *
 * A query is one GET of Sanity's documented query endpoint (`/v{version}/data/query/{dataset}`), so
 * the pages do not download @sanity/client (about 36 KB compressed, with its tslib) for the one call
 * they make: that was a third of the home page's and an article's JavaScript before their first paint.
 */
import { createImageUrlBuilder } from '@sanity/image-url';
import { CONTENT_API_VERSION_FAQS, CONTENT_API_VERSION_PAGES } from '#shared/rules/constants';

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

/** A GROQ query's parameters: each is sent as JSON (`$name=<JSON>`), as Sanity's API takes them. */
export type QueryParams = Record<string, string | number | boolean | null>;

export interface ContentClient {
  fetch<T>(query: string, params?: QueryParams): Promise<T>;
}

/** Thrown for an answer that is not a query result; the pages show their load error. */
export class ContentQueryError extends Error {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(`Content query failed (HTTP ${status}): ${detail}`);
  }
}

/** Sanity's API host for the project, its CDN when allowed; or the configured host as it is. */
function queryOrigin(settings: ContentSettings, useCdn: boolean): string {
  if (settings.apiHost !== '') return settings.apiHost.replace(/\/+$/, '');
  return `https://${settings.projectId}.${useCdn ? 'apicdn' : 'api'}.sanity.io`;
}

/** The query URL: the query and each parameter in the search, as @sanity/client sends them. */
export function queryUrl(
  settings: ContentSettings,
  options: { apiVersion: string; useCdn: boolean },
  query: string,
  params: QueryParams = {},
): string {
  const url = new URL(
    `${queryOrigin(settings, options.useCdn)}/v${options.apiVersion}/data/query/${encodeURIComponent(settings.dataset)}`,
  );
  url.searchParams.set('query', query);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(`$${name}`, JSON.stringify(value));
  return url.toString();
}

async function errorDetail(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: { description?: string } | string; message?: string };
    const error = body.error;
    return (typeof error === 'string' ? error : error?.description) ?? body.message ?? response.statusText;
  } catch {
    return response.statusText;
  }
}

export function createContentClient(
  settings: ContentSettings,
  options: { apiVersion: string; useCdn: boolean },
): ContentClient {
  if (settings.projectId === '') throw new ContentNotConfiguredError();
  return {
    async fetch<T>(query: string, params?: QueryParams): Promise<T> {
      const response = await fetch(queryUrl(settings, options, query, params), {
        headers: { accept: 'application/json' },
      });
      if (!response.ok) throw new ContentQueryError(response.status, await errorDetail(response));
      return ((await response.json()) as { result: T }).result;
    },
  };
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
