/** Fixtures of the insights component tests: posts without images (no content project needed), site origins. */
import { vi } from 'vitest';
import type { Post, PostSummary } from './blog-api';

export function summary(n: number, overrides: Partial<PostSummary> = {}): PostSummary {
  return {
    _id: `post-${n}`,
    title: `Post number ${n}`,
    slug: `post-${n}`,
    publishedAt: '2026-10-14T09:00:00Z',
    excerpt: `Excerpt of post ${n}.`,
    author: { name: 'Maya Okafor' },
    categories: [
      { title: 'Business', slug: 'business' },
      { title: 'Workflow', slug: 'workflow' },
      { title: 'Industry Guides', slug: 'industry' },
    ],
    ...overrides,
  };
}

export function post(overrides: Partial<Post> = {}): Post {
  return {
    ...summary(1),
    title: 'Why Same-Day Delivery Sells More Photos',
    slug: 'same-day-delivery',
    excerpt: 'The moment after an experience is when people most want their photos.',
    canonicalUrl: 'https://shutterlane.com/insights/same-day-delivery',
    body: [
      {
        _type: 'block',
        _key: 'b1',
        style: 'normal',
        markDefs: [],
        children: [{ _type: 'span', _key: 's1', text: 'Interest has a half-life.', marks: [] }],
      },
    ],
    ...overrides,
  };
}

/** usePageMeta builds the canonical link from the site origins, which tests have no Vite config for. */
export function stubSiteOrigins(): void {
  vi.stubEnv('VITE_SITE_ORIGIN', 'https://shutterlane.com');
  vi.stubEnv('VITE_STAGING_ORIGIN', 'https://staging.shutterlane.com');
}
