/**
 * The content Lambda through the local gateway, as a deployment without Sanity serves it under
 * `/api/content`: the real `@sanity/client` and `@sanity/image-url`, configured as the SPA is for
 * such a deployment (apiHost and baseUrl with a path, no project host name).
 */
import { createClient, type SanityClient } from '@sanity/client';
import { createImageUrlBuilder } from '@sanity/image-url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_API_VERSION_FAQS, CONTENT_API_VERSION_PAGES } from '#shared/rules/constants';
import { BUNDLED_CONTENT } from '#shared/platform/bundled-content';
import { DATASET_IMAGE, expectJpegOfSize } from './content-images';
import { startTestStack, type TestStack } from '@shutterlane/harness/local-stack';

let test: TestStack;
let contentUrl: string;
let client: SanityClient;

beforeAll(async () => {
  test = await startTestStack();
  contentUrl = `${test.stack.urls.api}/content`;
  client = createClient({
    projectId: BUNDLED_CONTENT.projectId,
    dataset: BUNDLED_CONTENT.dataset,
    apiHost: contentUrl,
    useProjectHostname: false,
    apiVersion: CONTENT_API_VERSION_FAQS,
    useCdn: false,
  });
});
afterAll(() => test?.stop());

describe('content API queries through the gateway', () => {
  it('answers the published general FAQs in order, without drafts or unpublished ones', async () => {
    const faqs = await client.fetch<{ _id: string; question: { en: string } }[]>(
      `*[_type == "faq" && category == $category && published == true] | order(order asc)[0...$limit]{ _id, question }`,
      { category: 'general', limit: 5 },
    );
    expect(faqs.map((faq) => faq._id)).toEqual([1, 2, 3, 4, 5].map((n) => `faq-general-${n}`));
    expect(faqs[0]?.question.en).toBe('What is Shutterlane?');
  });

  it('never answers drafts, even to a query that asks for them', async () => {
    expect(await client.fetch<string[]>(`*[_id in path("drafts.**")]._id`)).toEqual([]);
    const titles = await client.fetch<string[]>(`*[_type == "post"].title`);
    expect(titles.length).toBeGreaterThanOrEqual(7);
    expect(titles.some((title) => title.startsWith('Draft'))).toBe(false);
  });

  it('serves use cases on the pages API version', async () => {
    const pages = client.withConfig({ apiVersion: CONTENT_API_VERSION_PAGES });
    const useCase = await pages.fetch<{ title: string } | null>(
      `*[_type == "useCase" && slug.current == $slug][0]{ title }`,
      { slug: 'dive-centres' },
    );
    expect(useCase?.title).toBe('Shutterlane for Dive Centres');
  });

  it('takes a query too long for a URL as a POST, as the client sends it', async () => {
    const ids = Array.from({ length: 800 }, (_, i) => `missing-document-${i}`);
    const count = await client.fetch<number>(`count(*[_id in $ids || _id == "faq-general-1"])`, { ids });
    expect(count).toBe(1);
  });

  it("refuses a query that does not parse with a 400 in Sanity's shape", async () => {
    await expect(client.fetch('*[_type == ')).rejects.toMatchObject({ statusCode: 400 });
    const response = await fetch(`${contentUrl}/v2024-01-01/data/query/production?query=*%5B`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { type: string; description: string } };
    expect(body.error.type).toBe('queryParseError');
    expect(body.error.description).not.toBe('');
  });

  it('answers 404 for an unknown dataset, and marks answers cacheable', async () => {
    const unknown = await fetch(`${contentUrl}/v2024-01-01/data/query/staging?query=*`);
    expect(unknown.status).toBe(404);
    const answer = await fetch(`${contentUrl}/v2024-01-01/data/query/production?query=count(*)`);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=300');
  });
});

describe('content API images through the gateway', () => {
  const images = () =>
    createImageUrlBuilder({
      projectId: BUNDLED_CONTENT.projectId,
      dataset: BUNDLED_CONTENT.dataset,
      baseUrl: contentUrl,
    });

  it('serves an image resized to the w and h of the URL builder, as binary', async () => {
    const url = images().image(DATASET_IMAGE).width(400).height(250).url();
    expect(url.startsWith(`${contentUrl}/images/`)).toBe(true);
    await expectJpegOfSize(url, 400, 250);
  });

  it('answers 404 for an unknown image, another project and a path outside the images folder', async () => {
    for (const path of [
      `images/${BUNDLED_CONTENT.projectId}/production/nothing-10x10.jpg`,
      `images/someone-else/production/divingblue-1200x675.jpg`,
      `images/${BUNDLED_CONTENT.projectId}/production/..%2Fassets.ndjson`,
    ]) {
      expect((await fetch(`${contentUrl}/${path}`)).status, path).toBe(404);
    }
  });
});
