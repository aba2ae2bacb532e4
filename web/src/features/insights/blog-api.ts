/**
 * The insights blog's content-store queries (spec section 7): paged posts newest first with the total,
 * optionally in one category; a post by slug; categories by title; an author's posts within the first
 * BLOG_FETCH_DEFAULT posts (section 9). Drafts are excluded by every query, not only by the stand-in.
 */
import type { PortableTextBlock } from '@portabletext/react';
import { BLOG_FETCH_DEFAULT } from '#shared/rules/constants';
import { blogClient } from '../../lib/content';
import { pageSlice, type ListParams } from './blog-rules';

export interface ContentImage {
  asset?: { _ref: string };
  alt?: string;
}
export interface PostAuthor {
  name: string;
  image?: ContentImage;
}
export interface PostCategory {
  title: string;
  slug: string;
}
export interface PostSummary {
  _id: string;
  title: string;
  slug: string;
  publishedAt: string;
  excerpt: string;
  mainImage?: ContentImage;
  author?: PostAuthor | null;
  categories: PostCategory[];
}
export interface Post extends PostSummary {
  body: PortableTextBlock[];
  canonicalUrl?: string;
}
export interface Category extends PostCategory {
  _id: string;
  description?: string;
}
export interface PostPage {
  posts: PostSummary[];
  total: number;
}
export interface AuthorPosts {
  author: PostAuthor | null;
  posts: PostSummary[];
}

const PUBLISHED_POST = `_type == "post" && !(_id in path("drafts.**"))`;
const IN_CATEGORY = `$category in categories[]->slug.current`;
const SUMMARY_FIELDS = `_id, title, "slug": slug.current, publishedAt, excerpt, mainImage,
  author->{ name, image }, "categories": coalesce(categories[]->{ title, "slug": slug.current }, [])`;

/** One page of posts and the total, in one round trip; a category filters both. */
export function postPageQuery(category: string | null): string {
  const filter = category === null ? PUBLISHED_POST : `${PUBLISHED_POST} && ${IN_CATEGORY}`;
  return `{ "posts": *[${filter}] | order(publishedAt desc)[$start...$end]{ ${SUMMARY_FIELDS} },
  "total": count(*[${filter}]) }`;
}

export const POST_BY_SLUG_QUERY = `*[${PUBLISHED_POST} && slug.current == $slug][0]{
  ${SUMMARY_FIELDS}, body, canonicalUrl }`;

export const CATEGORIES_QUERY = `*[_type == "category" && !(_id in path("drafts.**"))] | order(title asc){
  _id, title, "slug": slug.current, description }`;

/** The spec's rule: the author page filters the first BLOG_FETCH_DEFAULT posts, newest first. */
export const AUTHOR_POSTS_QUERY = `{
  "author": *[_type == "author" && !(_id in path("drafts.**")) && name == $name][0]{ name, image },
  "posts": (*[${PUBLISHED_POST}] | order(publishedAt desc)[0...$limit])[author->name == $name]{ ${SUMMARY_FIELDS} } }`;

export function fetchPostPage({ category, page }: ListParams): Promise<PostPage> {
  return blogClient().fetch<PostPage>(postPageQuery(category), {
    ...pageSlice(page),
    ...(category !== null && { category }),
  });
}

export const fetchCategories = (): Promise<Category[]> => blogClient().fetch<Category[]>(CATEGORIES_QUERY);

export const fetchPost = (slug: string): Promise<Post | null> =>
  blogClient().fetch<Post | null>(POST_BY_SLUG_QUERY, { slug });

export const fetchAuthorPosts = (name: string): Promise<AuthorPosts> =>
  blogClient().fetch<AuthorPosts>(AUTHOR_POSTS_QUERY, { name, limit: BLOG_FETCH_DEFAULT });
