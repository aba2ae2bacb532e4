/** Sanity documents of the authoring sources: pages, business types, blog, use cases and events. */
import { assetId } from './artwork';
import { ARTWORKS } from './artworks';
import { AUTHORS, CATEGORIES } from './blog';
import { BUSINESS_TYPES } from './business-types';
import { LEGAL_PAGES, UNPUBLISHED_PAGES, type PageSource } from './legal-pages';
import { portableText, portableTextWithImages } from './portable-text';
import { POSTS } from './posts';
import { EVENTS, USE_CASES } from './use-cases-events';

const SITE = 'https://shutterlane.com';

const slug = (current: string) => ({ _type: 'slug', current });
const keyOf = (text: string) => text.replace(/[^A-Za-z0-9]/g, '');

function image(name: string, alt: string) {
  const art = ARTWORKS.find((candidate) => candidate.id === name);
  if (!art) throw new Error(`No artwork named ${name}`);
  return { _type: 'image', asset: { _type: 'reference', _ref: assetId(art) }, alt };
}

function pageDocument(page: PageSource, id: string, published: boolean) {
  return {
    _id: id,
    _type: 'page',
    title: page.title,
    slug: slug(page.slug),
    pageType: 'legal',
    content: { en: portableText(page.body, keyOf(page.slug)) },
    metaTitle: `${page.title} | Shutterlane`,
    metaDescription: page.metaDescription,
    canonicalUrl: `${SITE}/${page.slug}`,
    published,
    lastUpdated: page.lastUpdated,
  };
}

export function pageDocuments() {
  return [
    // Unpublished pages keep the "page by slug where published" filter honest: they come first, so a
    // query without the filter would pick them.
    ...UNPUBLISHED_PAGES.map((page) => pageDocument(page, page.id, false)),
    ...LEGAL_PAGES.map((page) => pageDocument(page, `page-${page.slug}`, true)),
  ];
}

export function businessTypeDocuments() {
  return BUSINESS_TYPES.map((type, index) => ({
    _id: `businessType-${type.slug}`,
    _type: 'businessType',
    title: type.title,
    slug: slug(type.slug),
    description: type.description,
    whyItMatters: type.whyItMatters,
    order: index + 1,
  }));
}

export function blogDocuments() {
  const authors = AUTHORS.map((author) => ({
    _id: `author-${author.id}`,
    _type: 'author',
    name: author.name,
    slug: slug(author.slug),
    image: image(author.image, `Portrait of ${author.name}`),
    bio: author.bio,
  }));
  const categories = CATEGORIES.map((category) => ({
    _id: `category-${category.slug}`,
    _type: 'category',
    title: category.title,
    slug: slug(category.slug),
    description: category.description,
  }));
  const posts = POSTS.map((post) => ({
    _id: `post-${post.slug}`,
    _type: 'post',
    title: post.title,
    slug: slug(post.slug),
    publishedAt: post.publishedAt,
    excerpt: post.excerpt,
    body: portableTextWithImages(post.body, keyOf(post.slug), image),
    mainImage: image(post.image, post.imageAlt),
    author: { _type: 'reference', _ref: `author-${post.author}` },
    categories: post.categories.map((category) => ({
      _type: 'reference',
      _key: category,
      _ref: `category-${category}`,
    })),
    featured: post.featured ?? false,
    canonicalUrl: `${SITE}/insights/${post.slug}`,
  }));
  // A draft edit of the newest post: it must never reach the site.
  const draft = { ...posts[0]!, _id: `drafts.${posts[0]!._id}`, title: 'Draft: not yet reviewed' };
  return [...authors, ...categories, ...posts, draft];
}

export function useCaseDocuments() {
  return USE_CASES.map((useCase) => ({
    _id: `useCase-${useCase.slug}`,
    _type: 'useCase',
    title: useCase.title,
    slug: slug(useCase.slug),
    description: useCase.description,
    body: portableText(useCase.body, keyOf(useCase.slug)),
  }));
}

export function eventDocuments() {
  return EVENTS.map((event) => ({
    _id: `event-${event.slug}`,
    _type: 'event',
    title: event.title,
    slug: slug(event.slug),
    date: event.date,
    description: event.description,
    body: portableText(event.body, keyOf(event.slug)),
  }));
}
