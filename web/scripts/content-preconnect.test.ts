import { describe, expect, it } from 'vitest';
import { contentPreconnects } from './content-preconnect';

describe('contentPreconnects', () => {
  it("names Sanity's API, API CDN (for CORS queries) and image CDN", () => {
    expect(contentPreconnects({ VITE_SANITY_PROJECT_ID: 'abc123', VITE_SANITY_API_HOST: '' })).toEqual([
      { href: 'https://abc123.api.sanity.io', crossorigin: true },
      { href: 'https://abc123.apicdn.sanity.io', crossorigin: true },
      { href: 'https://cdn.sanity.io', crossorigin: false },
    ]);
  });

  it('names a configured host for queries and for images', () => {
    expect(
      contentPreconnects({
        VITE_SANITY_PROJECT_ID: 'abc123',
        VITE_SANITY_API_HOST: 'http://localhost:4010/',
      }),
    ).toEqual([
      { href: 'http://localhost:4010', crossorigin: true },
      { href: 'http://localhost:4010', crossorigin: false },
    ]);
  });

  it('names nothing without a content project', () => {
    expect(contentPreconnects({ VITE_SANITY_PROJECT_ID: '', VITE_SANITY_API_HOST: '' })).toEqual([]);
  });
});
