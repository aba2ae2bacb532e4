/**
 * The blog's GROQ queries evaluated with groq-js over the bundled dataset files as they are, drafts
 * included (the local content API drops drafts itself; Sanity would not, so the queries must).
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { evaluate, parse } from 'groq-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { BLOG_FETCH_DEFAULT } from '#shared/rules/constants';
import {
  AUTHOR_POSTS_QUERY,
  CATEGORIES_QUERY,
  POST_BY_SLUG_QUERY,
  postPageQuery,
  type AuthorPosts,
  type Category,
  type Post,
  type PostPage,
} from './blog-api';
import { pageSlice } from './blog-rules';

const DATASET_DIR = path.resolve(import.meta.dirname, '../../../../content/dataset');
let dataset: unknown[];

beforeAll(async () => {
  const files = (await readdir(DATASET_DIR)).filter((name) => name.endsWith('.ndjson'));
  const texts = await Promise.all(files.map((name) => readFile(path.join(DATASET_DIR, name), 'utf8')));
  dataset = texts.flatMap((text) =>
    text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as unknown),
  );
});

async function run<T>(query: string, params: Record<string, unknown>): Promise<T> {
  const result = await evaluate(parse(query, { params }), { dataset, params });
  return (await result.get()) as T;
}

describe('blog queries over the bundled dataset', () => {
  it('pages posts newest first with the total, drafts left out', async () => {
    const first = await run<PostPage>(postPageQuery(null), pageSlice(1));
    const second = await run<PostPage>(postPageQuery(null), pageSlice(2));
    expect(first.total).toBe(13);
    expect(first.posts).toHaveLength(9);
    expect(second.posts).toHaveLength(4);
    const all = [...first.posts, ...second.posts];
    const dates = all.map((post) => post.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(all.map((post) => post.title)).not.toContain('Draft: not yet reviewed');
    expect(all.every((post) => post.author?.name && post.categories.length >= 1 && post.slug)).toBe(true);
  });

  it('filters by category slug, the total too', async () => {
    const { posts, total } = await run<PostPage>(postPageQuery('workflow'), {
      ...pageSlice(1),
      category: 'workflow',
    });
    expect(total).toBe(posts.length);
    expect(posts.every((post) => post.categories.some((category) => category.slug === 'workflow'))).toBe(
      true,
    );
  });

  it('finds a post by slug with its body and canonical URL, and null for an unknown slug', async () => {
    const post = await run<Post | null>(POST_BY_SLUG_QUERY, { slug: 'how-getting-paid-works' });
    expect(post?.title).toBe('How Getting Paid Works: From Checkout to Payout');
    expect(post?.body.some((block) => block._type === 'image')).toBe(true);
    expect(post?.canonicalUrl).toBe('https://shutterlane.com/insights/how-getting-paid-works');
    expect(await run(POST_BY_SLUG_QUERY, { slug: 'no-such-post' })).toBeNull();
  });

  it('lists categories by title', async () => {
    const titles = (await run<Category[]>(CATEGORIES_QUERY, {})).map((category) => category.title);
    expect(titles).toEqual(['Business', 'Industry Guides', 'Product News', 'Workflow']);
  });

  it("finds an author's posts only among the newest BLOG_FETCH_DEFAULT posts", async () => {
    const newest = await run<PostPage>(postPageQuery(null), { start: 0, end: BLOG_FETCH_DEFAULT });
    const byTom = newest.posts.filter((post) => post.author?.name === 'Tom Lindqvist');
    const { author, posts } = await run<AuthorPosts>(AUTHOR_POSTS_QUERY, {
      name: 'Tom Lindqvist',
      limit: BLOG_FETCH_DEFAULT,
    });
    expect(author?.name).toBe('Tom Lindqvist');
    expect(posts.map((post) => post.slug)).toEqual(byTom.map((post) => post.slug));
    const nobody = await run<AuthorPosts>(AUTHOR_POSTS_QUERY, { name: 'Nobody', limit: BLOG_FETCH_DEFAULT });
    expect(nobody).toEqual({ author: null, posts: [] });
  });
});
