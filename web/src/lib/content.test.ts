import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContentQueryError, createContentClient, queryUrl } from './content';

const sanity = { projectId: 'proj1', dataset: 'production', apiHost: '' };
const local = { projectId: 'proj1', dataset: 'production', apiHost: 'http://localhost:4010/' };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('queryUrl', () => {
  it("is Sanity's query endpoint, its CDN when allowed, the query and each parameter as JSON", () => {
    const url = new URL(
      queryUrl(sanity, { apiVersion: '2024-01-01', useCdn: false }, '*[slug.current == $slug][0]', {
        slug: 'a b',
        limit: 3,
      }),
    );
    expect(url.origin + url.pathname).toBe('https://proj1.api.sanity.io/v2024-01-01/data/query/production');
    expect(url.searchParams.get('query')).toBe('*[slug.current == $slug][0]');
    expect(url.searchParams.get('$slug')).toBe('"a b"');
    expect(url.searchParams.get('$limit')).toBe('3');
    expect(new URL(queryUrl(sanity, { apiVersion: '2024-01-01', useCdn: true }, '*')).host).toBe(
      'proj1.apicdn.sanity.io',
    );
  });

  it('uses a configured host as it is (the local content API)', () => {
    expect(queryUrl(local, { apiVersion: '2023-01-01', useCdn: true }, '*')).toBe(
      'http://localhost:4010/v2023-01-01/data/query/production?query=*',
    );
  });
});

describe('createContentClient', () => {
  it("answers the query's result", async () => {
    const fetchMock = vi.fn(async () => Response.json({ result: [{ _id: 'a' }], ms: 1 }));
    vi.stubGlobal('fetch', fetchMock);
    const client = createContentClient(sanity, { apiVersion: '2024-01-01', useCdn: false });
    await expect(client.fetch('*')).resolves.toEqual([{ _id: 'a' }]);
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it("fails with the API's error description", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { error: { description: 'param $slug referenced, but not provided' } },
          { status: 400 },
        ),
      ),
    );
    const client = createContentClient(sanity, { apiVersion: '2024-01-01', useCdn: false });
    const failure = client.fetch('*[slug.current == $slug]');
    await expect(failure).rejects.toBeInstanceOf(ContentQueryError);
    await expect(failure).rejects.toThrow(
      'Content query failed (HTTP 400): param $slug referenced, but not provided',
    );
  });
});
