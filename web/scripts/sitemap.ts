/**
 * sitemap.xml and robots.txt for the public site, written into the build (and served by the dev
 * server) by the Vite plugin at the end of this file.
 *
 * The sitemap lists the public marketing routes the router shows with the build's feature flags, and
 * the content pages from the same content the SPA reads: every published post, the authors of those
 * posts, use cases, events and the legal pages that are published. Never drafts, order, checkout,
 * seller or sign-in routes.
 *
 * Where the content comes from, decided by the build's VITE_SANITY_* settings (docs/deploy.md):
 * - a Sanity project (VITE_SANITY_PROJECT_ID set, VITE_SANITY_API_HOST empty): queried at build time;
 *   if it cannot be reached the build fails, since a sitemap without the posts would drop them from
 *   search engines;
 * - otherwise (the bundled content API, locally or in a deployment): the bundled dataset, read from
 *   disk with the same loader and groq-js query code the content Lambda runs.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { CONTENT_API_VERSION_FAQS } from '#shared/rules/constants';
import { API_BASE } from '#shared/contract/route-paths';
import { BUNDLED_CONTENT } from '#shared/platform/bundled-content';
import { loadDataset } from '../../functions/content/dataset';
import { runQuery } from '../../functions/content/query';
import { LEGAL_SLUGS } from '../src/app/legal-slugs';
import { SELLER_PATHS } from '../src/app/seller-paths';
import type { WebEnv } from '../src/config/env-schema';
import { authorPath } from '../src/features/insights/blog-rules';

export interface SitemapEntry {
  /** Site-relative path, starting with `/`. */
  path: string;
  /** ISO date (YYYY-MM-DD) of the last change, when the content says it. */
  lastmod?: string;
}

export interface SitemapFlags {
  features: boolean;
  pricing: boolean;
  waitingList: boolean;
}

/** What the content queries return (SITEMAP_CONTENT_QUERY). */
export interface SitemapContent {
  posts: { slug: string; publishedAt?: string; updatedAt?: string; author?: string }[];
  useCases: { slug: string; updatedAt?: string }[];
  events: { slug: string; updatedAt?: string }[];
  legalPages: { slug: string; lastUpdated?: string }[];
}

/** Runs a GROQ query against the content store. */
export type ContentFetch = (query: string, params: Record<string, unknown>) => Promise<unknown>;

const NOT_DRAFT = '!(_id in path("drafts.**"))';

/** One query for everything the sitemap lists: published documents with a slug, as the pages query them. */
export const SITEMAP_CONTENT_QUERY = `{
  "posts": *[_type == "post" && ${NOT_DRAFT} && defined(slug.current)] | order(publishedAt desc){
    "slug": slug.current, publishedAt, "updatedAt": _updatedAt, "author": author->name },
  "useCases": *[_type == "useCase" && ${NOT_DRAFT} && defined(slug.current)] | order(slug.current asc){
    "slug": slug.current, "updatedAt": _updatedAt },
  "events": *[_type == "event" && ${NOT_DRAFT} && defined(slug.current)] | order(slug.current asc){
    "slug": slug.current, "updatedAt": _updatedAt },
  "legalPages": *[_type == "page" && ${NOT_DRAFT} && published == true && slug.current in $legalSlugs]{
    "slug": slug.current, lastUpdated }
}`;

/** Seller tools of the router (web/src/app/router.tsx) beside SELLER_PATHS. */
const SELLER_TOOL_PATHS = ['galleries', 'seller-orders'] as const;

/** The pricing page is public marketing, though the seller area renders it. */
const PUBLIC_SELLER_PATHS: readonly string[] = ['pricing'];

/** `2026-10-14T09:00:00Z` → `2026-10-14`; anything that is not a date → undefined. */
export function isoDay(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString().slice(0, 10);
}

/** The later of two optional ISO days. */
const latest = (a: string | undefined, b: string | undefined): string | undefined =>
  a === undefined ? b : b === undefined ? a : a > b ? a : b;

/** The marketing routes without content of their own, as the router shows them with these flags. */
export function staticPaths(flags: SitemapFlags): string[] {
  return [
    '/',
    ...(flags.features ? ['/features', '/app'] : []),
    ...(flags.pricing ? ['/pricing'] : []),
    '/how-payments-work',
    '/photo-upload-guide',
    '/growth-analytics',
    '/support',
    ...(flags.waitingList ? ['/register-interest'] : []),
  ];
}

/** Every public URL path with its last change where known, in a stable order. */
export function sitemapEntries(content: SitemapContent, flags: SitemapFlags): SitemapEntry[] {
  const withDate = (entryPath: string, lastmod: string | undefined): SitemapEntry =>
    lastmod ? { path: entryPath, lastmod } : { path: entryPath };
  const postDay = (post: SitemapContent['posts'][number]) =>
    latest(isoDay(post.publishedAt), isoDay(post.updatedAt));

  const authors = new Map<string, string | undefined>();
  for (const post of content.posts) {
    if (post.author) authors.set(post.author, latest(authors.get(post.author), postDay(post)));
  }
  const newestPost = content.posts.map(postDay).reduce(latest, undefined);
  const legal = LEGAL_SLUGS.flatMap((slug) => {
    const page = content.legalPages.find((candidate) => candidate.slug === slug);
    return page ? [withDate(`/${slug}`, isoDay(page.lastUpdated))] : [];
  });
  return [
    ...staticPaths(flags).map((entryPath) => ({ path: entryPath })),
    withDate('/insights', newestPost),
    ...content.posts.map((post) => withDate(`/insights/${encodeURIComponent(post.slug)}`, postDay(post))),
    ...[...authors]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, day]) => withDate(authorPath(name), day)),
    ...content.useCases.map((page) =>
      withDate(`/use-cases/${encodeURIComponent(page.slug)}`, isoDay(page.updatedAt)),
    ),
    ...content.events.map((page) =>
      withDate(`/events/${encodeURIComponent(page.slug)}`, isoDay(page.updatedAt)),
    ),
    ...legal,
  ];
}

const escapeXml = (text: string): string =>
  text.replace(/[<>&'"]/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[c]};`);

/** The sitemaps.org XML for the entries on the site's origin. */
export function renderSitemap(origin: string, entries: SitemapEntry[]): string {
  const base = origin.replace(/\/+$/, '');
  const urls = entries.map((entry) => {
    const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : '';
    return `  <url><loc>${escapeXml(`${base}${entry.path}`)}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * Paths crawlers should leave alone: customers' orders and checkout, the seller and sign-in area,
 * and the API, except the content API, which pages need to render and which serves their images.
 */
export function disallowedPaths(): string[] {
  const sellerPaths = [...SELLER_PATHS, ...SELLER_TOOL_PATHS].filter((p) => !PUBLIC_SELLER_PATHS.includes(p));
  return ['/orders/', '/checkout/', ...sellerPaths.map((p) => `/${p}`), `${API_BASE}/`];
}

export function renderRobots(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...disallowedPaths().map((p) => `Disallow: ${p}`),
    `Allow: ${API_BASE}/content/`,
    '',
    `Sitemap: ${origin.replace(/\/+$/, '')}/sitemap.xml`,
    '',
  ].join('\n');
}

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The bundled dataset through groq-js: the content the bundled content API serves. */
export function bundledContentFetch(datasetDir = path.join(repoRoot, BUNDLED_CONTENT.folder)): ContentFetch {
  const documents = loadDataset(datasetDir);
  return async (query, params) =>
    (await runQuery(await documents, { query, params, returnQuery: false })).result;
}

/** A Sanity project's public API (published documents only without a token). */
async function sanityContentFetch(projectId: string, dataset: string): Promise<ContentFetch> {
  const { createClient } = await import('@sanity/client');
  const client = createClient({ projectId, dataset, apiVersion: CONTENT_API_VERSION_FAQS, useCdn: false });
  return async (query, params) => {
    try {
      return await client.fetch(query, params);
    } catch (error) {
      throw new Error(
        `sitemap: the Sanity project ${projectId} (dataset ${dataset}) could not be queried: ${String(error)}`,
        { cause: error },
      );
    }
  };
}

/** Where the build reads its content: see the top of this file. */
export function contentFetchFor(env: WebEnv): Promise<ContentFetch> {
  if (env.VITE_SANITY_PROJECT_ID !== '' && env.VITE_SANITY_API_HOST === '') {
    return sanityContentFetch(env.VITE_SANITY_PROJECT_ID, env.VITE_SANITY_DATASET);
  }
  return Promise.resolve(bundledContentFetch());
}

export const sitemapFlags = (env: WebEnv): SitemapFlags => ({
  features: env.VITE_FLAG_FEATURES === 'true',
  pricing: env.VITE_FLAG_PRICING === 'true',
  waitingList: env.VITE_FLAG_WAITING_LIST === 'true',
});

export interface SiteFiles {
  sitemap: string;
  robots: string;
}

/** Both files for a site origin, flags and content source. */
export async function buildSiteFiles(
  origin: string,
  flags: SitemapFlags,
  fetch: ContentFetch,
): Promise<SiteFiles> {
  const content = (await fetch(SITEMAP_CONTENT_QUERY, { legalSlugs: [...LEGAL_SLUGS] })) as SitemapContent;
  return { sitemap: renderSitemap(origin, sitemapEntries(content, flags)), robots: renderRobots(origin) };
}

const SITE_FILES = { '/sitemap.xml': 'sitemap', '/robots.txt': 'robots' } as const;
const CONTENT_TYPES = {
  sitemap: 'application/xml; charset=utf-8',
  robots: 'text/plain; charset=utf-8',
} as const;

/** Vite plugin: emits sitemap.xml and robots.txt into the build; the dev server answers them fresh. */
export function sitemapPlugin(env: WebEnv): Plugin {
  const build = async () =>
    buildSiteFiles(env.VITE_SITE_ORIGIN, sitemapFlags(env), await contentFetchFor(env));
  return {
    name: 'shutterlane-sitemap',
    async generateBundle() {
      const files = await build();
      this.emitFile({ type: 'asset', fileName: 'sitemap.xml', source: files.sitemap });
      this.emitFile({ type: 'asset', fileName: 'robots.txt', source: files.robots });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const file = SITE_FILES[(req.url ?? '').split('?')[0] as keyof typeof SITE_FILES];
        if (!file) return next();
        build()
          .then((files) => res.writeHead(200, { 'content-type': CONTENT_TYPES[file] }).end(files[file]))
          .catch(next);
      });
    },
  };
}
