import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildSiteFiles,
  bundledContentFetch,
  disallowedPaths,
  isoDay,
  renderRobots,
  renderSitemap,
  sitemapEntries,
  staticPaths,
  type SitemapContent,
} from './sitemap';

const ALL_ON = { features: true, pricing: true, waitingList: true };
const DEFAULTS = { features: true, pricing: true, waitingList: false };
const ORIGIN = 'https://shutterlane.com';

const content: SitemapContent = {
  posts: [
    { slug: 'newer', publishedAt: '2026-10-14T09:00:00Z', author: 'Maya Okafor' },
    {
      slug: 'older',
      publishedAt: '2026-09-30T09:00:00Z',
      updatedAt: '2026-11-02T10:00:00Z',
      author: 'Tom Lindqvist',
    },
    { slug: 'oldest', publishedAt: '2026-01-01T09:00:00Z', author: 'Maya Okafor' },
  ],
  useCases: [{ slug: 'dive-centres' }],
  events: [{ slug: 'summit-2026' }],
  legalPages: [
    { slug: 'terms', lastUpdated: '2026-09-01' },
    { slug: 'privacy', lastUpdated: '2026-08-01' },
  ],
};

describe('staticPaths', () => {
  it('lists the marketing routes the router shows with the flags', () => {
    expect(staticPaths(DEFAULTS)).toEqual([
      '/',
      '/features',
      '/app',
      '/pricing',
      '/how-payments-work',
      '/photo-upload-guide',
      '/growth-analytics',
      '/support',
    ]);
    expect(staticPaths(ALL_ON)).toContain('/register-interest');
    const hidden = staticPaths({ features: false, pricing: false, waitingList: false });
    for (const path of ['/features', '/app', '/pricing', '/register-interest'])
      expect(hidden).not.toContain(path);
  });
});

describe('sitemapEntries', () => {
  const entries = sitemapEntries(content, DEFAULTS);
  const byPath = new Map(entries.map((entry) => [entry.path, entry]));

  it('lists posts with their latest date, and the list with the newest post', () => {
    expect(byPath.get('/insights/newer')).toEqual({ path: '/insights/newer', lastmod: '2026-10-14' });
    expect(byPath.get('/insights/older')?.lastmod).toBe('2026-11-02');
    expect(byPath.get('/insights')?.lastmod).toBe('2026-11-02');
  });

  it('lists each author of a post once, on the route the author card links to', () => {
    expect(entries.filter((entry) => entry.path.startsWith('/insights/author/'))).toEqual([
      { path: '/insights/author/Maya%20Okafor', lastmod: '2026-10-14' },
      { path: '/insights/author/Tom%20Lindqvist', lastmod: '2026-11-02' },
    ]);
  });

  it('lists use cases, events and only the published legal pages, in the legal pages order', () => {
    expect(byPath.has('/use-cases/dive-centres')).toBe(true);
    expect(byPath.has('/events/summit-2026')).toBe(true);
    const legal = entries.filter((entry) =>
      ['/privacy', '/cancellation-refund', '/terms', '/acceptable-use-policy'].includes(entry.path),
    );
    expect(legal).toEqual([
      { path: '/privacy', lastmod: '2026-08-01' },
      { path: '/terms', lastmod: '2026-09-01' },
    ]);
  });

  it('has no duplicate path and no seller, order or checkout route', () => {
    const paths = entries.map((entry) => entry.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths)
      expect(path).not.toMatch(/^\/(orders|checkout|dashboard|signin|signup|galleries)/);
  });
});

describe('renderSitemap', () => {
  it('writes absolute, escaped locations with lastmod only where known', () => {
    const xml = renderSitemap(`${ORIGIN}/`, [{ path: '/' }, { path: '/a&b', lastmod: '2026-01-02' }]);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain('<url><loc>https://shutterlane.com/</loc></url>');
    expect(xml).toContain(
      '<url><loc>https://shutterlane.com/a&amp;b</loc><lastmod>2026-01-02</lastmod></url>',
    );
  });
});

describe('robots.txt', () => {
  it('allows all but orders, checkout, the seller and sign-in area and the API, and names the sitemap', () => {
    const robots = renderRobots(ORIGIN);
    expect(robots.startsWith('User-agent: *\nAllow: /\n')).toBe(true);
    for (const path of [
      '/orders/',
      '/checkout/',
      '/dashboard',
      '/signin',
      '/signup',
      '/galleries',
      '/api/',
    ]) {
      expect(robots).toContain(`Disallow: ${path}\n`);
    }
    expect(robots).toContain('Allow: /api/content/\n');
    expect(robots).toContain('Sitemap: https://shutterlane.com/sitemap.xml\n');
  });

  it('keeps the public pricing page open', () => {
    expect(disallowedPaths()).not.toContain('/pricing');
  });
});

describe('isoDay', () => {
  it.each([
    ['2026-10-14T23:30:00Z', '2026-10-14'],
    ['2026-09-01', '2026-09-01'],
    ['not a date', undefined],
    [undefined, undefined],
  ])('%s → %s', (value, day) => expect(isoDay(value)).toBe(day));
});

describe('buildSiteFiles over a dataset', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sitemap-dataset-'));
    const documents = [
      { _id: 'author-a', _type: 'author', name: 'Ada Lens' },
      { _id: 'author-d', _type: 'author', name: 'Drafty Writer' },
      {
        _id: 'post-live',
        _type: 'post',
        slug: { current: 'live-post' },
        publishedAt: '2026-05-01T09:00:00Z',
        author: { _ref: 'author-a' },
      },
      {
        _id: 'drafts.post-secret',
        _type: 'post',
        slug: { current: 'secret-post' },
        publishedAt: '2026-06-01T09:00:00Z',
        author: { _ref: 'author-d' },
      },
      { _id: 'page-terms', _type: 'page', slug: { current: 'terms' }, published: true },
      { _id: 'page-privacy', _type: 'page', slug: { current: 'privacy' }, published: false },
    ];
    await writeFile(path.join(dir, 'docs.ndjson'), documents.map((d) => JSON.stringify(d)).join('\n'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('includes a published post and its author, never a draft, its author or an unpublished page', async () => {
    const { sitemap, robots } = await buildSiteFiles(ORIGIN, DEFAULTS, bundledContentFetch(dir));
    expect(sitemap).toContain(
      '<loc>https://shutterlane.com/insights/live-post</loc><lastmod>2026-05-01</lastmod>',
    );
    expect(sitemap).toContain('<loc>https://shutterlane.com/insights/author/Ada%20Lens</loc>');
    expect(sitemap).toContain('<loc>https://shutterlane.com/terms</loc>');
    expect(sitemap).not.toContain('secret-post');
    expect(sitemap).not.toContain('Drafty');
    expect(sitemap).not.toContain('/privacy');
    expect(robots).toContain('Sitemap: https://shutterlane.com/sitemap.xml');
  });

  it('lists every published post of the bundled dataset and no draft', async () => {
    const { sitemap } = await buildSiteFiles(ORIGIN, DEFAULTS, bundledContentFetch());
    expect(sitemap).toContain(
      '<loc>https://shutterlane.com/insights/same-day-delivery-sells-more-photos</loc>',
    );
    expect(sitemap).toContain('<loc>https://shutterlane.com/use-cases/dive-centres</loc>');
    expect(sitemap).toContain('<loc>https://shutterlane.com/events/photo-business-summit-2026</loc>');
    expect(sitemap).toContain('<loc>https://shutterlane.com/acceptable-use-policy</loc>');
    const posts = sitemap.match(/\/insights\/(?!author\/)[a-z0-9-]+<\/loc>/g) ?? [];
    expect(posts.length).toBeGreaterThanOrEqual(7);
    expect(sitemap).not.toMatch(/Draft/i);
  });
});
