/**
 * The local content store through the real `@sanity/client` and `@sanity/image-url`, configured
 * as the SPA configures them (apiHost pointed at the stand-in): the spec's FAQ queries, GROQ
 * parameters, drafts and unpublished documents, query errors and resized images.
 */
import { createClient, type SanityClient } from '@sanity/client';
import { createImageUrlBuilder } from '@sanity/image-url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startContentApi, type ContentApi } from '@shutterlane/local-stack/content/server';
import { LOCAL_CONTENT } from '../../content/authoring/dataset-settings';
import { fetchHomeFaqs } from '../../web/src/features/home/faq-api';
import { DATASET_IMAGE, expectJpegOfSize } from './content-images';

let api: ContentApi;
let client: SanityClient;

interface Faq {
  _id: string;
  question: { en: string };
  category: string;
  order: number;
}

beforeAll(async () => {
  api = await startContentApi({ port: 0, ...LOCAL_CONTENT });
  client = createClient({
    projectId: api.projectId,
    dataset: api.dataset,
    apiHost: api.url,
    useProjectHostname: false,
    apiVersion: '2024-01-01',
    useCdn: false,
  });
});
afterAll(() => api.stop());

const PUBLISHED_FAQS = `*[_type == "faq" && published == true && !(_id in path("drafts.**"))]
  | order(category asc, order asc) { _id, question, category, order }`;

describe('content API queries', () => {
  it('answers the published FAQs ordered by category then order, without drafts or unpublished ones', async () => {
    const faqs = await client.fetch<Faq[]>(PUBLISHED_FAQS);
    expect(faqs.length).toBeGreaterThanOrEqual(20);
    expect(faqs.some((faq) => faq._id.startsWith('drafts.'))).toBe(false);
    expect(faqs.map((faq) => faq._id)).not.toContain('faq-general-unpublished');
    const keys = faqs.map((faq) => `${faq.category}:${String(faq.order).padStart(3, '0')}`);
    expect(keys).toEqual([...keys].sort());
    expect(new Set(faqs.map((faq) => faq.category))).toEqual(
      new Set(['general', 'product', 'shipping', 'returns', 'account', 'technical']),
    );
  });

  it('never shows drafts, even to a query that asks for them', async () => {
    const drafts = await client.fetch<string[]>(`*[_id in path("drafts.**")]._id`);
    expect(drafts).toEqual([]);
  });

  it('passes GROQ parameters: the first 5 general FAQs for the home page', async () => {
    const faqs = await client.fetch<Faq[]>(
      `*[_type == "faq" && category == $category && published == true] | order(order asc)[0...$limit]`,
      { category: 'general', limit: 5 },
    );
    expect(faqs).toHaveLength(5);
    expect(faqs[0]?.question.en).toBe('What is Shutterlane?');
  });

  it('answers { result, ms, query } over plain HTTP, and leaves out query when returnQuery=false', async () => {
    const query = 'count(*[_type == $type])';
    const search = new URLSearchParams({ query, $type: JSON.stringify('faq') });
    const response = await fetch(`${api.url}/v2024-01-01/data/query/production?${search}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual({ result: expect.any(Number), ms: expect.any(Number), query });
    const quiet = await fetch(`${api.url}/v2024-01-01/data/query/production?${search}&returnQuery=false`);
    expect(Object.keys((await quiet.json()) as object).sort()).toEqual(['ms', 'result']);
  });

  it('refuses a query that does not parse with a 400 the client reports', async () => {
    await expect(client.fetch('*[_type == ')).rejects.toMatchObject({ statusCode: 400 });
  });

  it('refuses a parameter that is not JSON and an unknown dataset', async () => {
    const badParam = await fetch(`${api.url}/v2024-01-01/data/query/production?query=*&$x=not-json`);
    expect(badParam.status).toBe(400);
    const unknown = await fetch(`${api.url}/v2024-01-01/data/query/staging?query=*`);
    expect(unknown.status).toBe(404);
  });
});

describe("the bundled dataset through the spec's queries", () => {
  it('has the four legal pages, published, by fixed slug', async () => {
    for (const slug of ['privacy', 'cancellation-refund', 'terms', 'acceptable-use-policy']) {
      const page = await client.fetch<{ title: string; content: { en: unknown[] } } | null>(
        `*[_type == "page" && slug.current == $slug && published == true][0]{ title, content }`,
        { slug },
      );
      expect(page?.title, slug).toBeTruthy();
      expect(page?.content.en.length, slug).toBeGreaterThan(3);
    }
  });

  it('pages blog posts newest first with the total, authors and categories resolved', async () => {
    const { posts, total } = await client.fetch<{
      posts: {
        title: string;
        publishedAt: string;
        author: { name: string };
        categories: { slug: string }[];
      }[];
      total: number;
    }>(
      `{ "posts": *[_type == "post"] | order(publishedAt desc)[$start...$end]{
          title, publishedAt, author->{ name, image }, categories[]->{ title, "slug": slug.current } },
        "total": count(*[_type == "post"]) }`,
      { start: 0, end: 9 },
    );
    expect(total).toBeGreaterThanOrEqual(7);
    expect(posts.some((post) => post.title.startsWith('Draft'))).toBe(false);
    const dates = posts.map((post) => post.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set(posts.map((post) => post.author.name)).size).toBe(2);
    expect(posts.every((post) => post.categories.length >= 1)).toBe(true);
  });

  it('finds posts by category slug and lists categories by title', async () => {
    const categories = await client.fetch<{ title: string }[]>(
      `*[_type == "category"] | order(title asc){ title }`,
    );
    expect(categories.map((c) => c.title)).toEqual([...categories.map((c) => c.title)].sort());
    const workflow = await client.fetch<string[]>(
      `*[_type == "post" && $slug in categories[]->slug.current].slug.current`,
      { slug: 'workflow' },
    );
    expect(workflow.length).toBeGreaterThan(1);
  });

  it('has the seven business types and serves use cases and events on API version 2023-01-01', async () => {
    expect(await client.fetch<number>('count(*[_type == "businessType"])')).toBe(7);
    const older = client.withConfig({ apiVersion: '2023-01-01' });
    const useCase = await older.fetch<{ title: string } | null>(
      `*[_type == "useCase" && slug.current == $slug][0]{ title }`,
      { slug: 'dive-centres' },
    );
    expect(useCase?.title).toBe('Shutterlane for Dive Centres');
    const event = await older.fetch<{ date: string } | null>(
      `*[_type == "event" && slug.current == $slug][0]{ date }`,
      {
        slug: 'photo-business-summit-2026',
      },
    );
    expect(event?.date).toBe('2026-11-18');
  });
});

describe('the SPA content client', () => {
  it('fetches the home page FAQs: the first 5 general ones, in order', async () => {
    vi.stubEnv('VITE_SANITY_PROJECT_ID', api.projectId);
    vi.stubEnv('VITE_SANITY_DATASET', api.dataset);
    vi.stubEnv('VITE_SANITY_API_HOST', api.url);
    try {
      const faqs = await fetchHomeFaqs();
      expect(faqs.map((faq) => faq._id)).toEqual([1, 2, 3, 4, 5].map((n) => `faq-general-${n}`));
      expect(faqs[0]?.answer.en[0]?._type).toBe('block');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("fails with 'Failed to fetch FAQs' when no content project is configured", async () => {
    vi.stubEnv('VITE_SANITY_PROJECT_ID', '');
    try {
      await expect(fetchHomeFaqs()).rejects.toThrow('Failed to fetch FAQs');
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('content API images', () => {
  it('serves an asset resized to the w and h of the URL builder', async () => {
    const builder = createImageUrlBuilder({
      projectId: api.projectId,
      dataset: api.dataset,
      baseUrl: api.url,
    });
    await expectJpegOfSize(builder.image(DATASET_IMAGE).width(400).height(250).url(), 400, 250);
  });

  it('answers 404 for an unknown image and for a path outside the images folder', async () => {
    const missing = await fetch(`${api.url}/images/${api.projectId}/production/nothing-10x10.jpg`);
    expect(missing.status).toBe(404);
    const escape = await fetch(`${api.url}/images/${api.projectId}/production/..%2Fassets.ndjson`);
    expect(escape.status).toBe(404);
  });
});
