/**
 * Content-store documents of the content pages (public document, section 7): "page by slug where
 * published" for the legal pages, "use case by slug" and "event by slug". All on the pages client
 * (API version 2023-01-01, no CDN) and never drafts. A missing document is null; a failed read throws.
 */
import type { PortableTextBlock } from '@portabletext/react';
import { pagesClient } from '../../lib/content';

export interface ContentPage {
  title: string;
  slug: string;
  content?: { en?: PortableTextBlock[] };
  metaTitle?: string;
  metaDescription?: string;
  canonicalUrl?: string;
  lastUpdated?: string;
}

export interface UseCase {
  _id: string;
  title: string;
  slug: string;
  description?: string;
  body?: PortableTextBlock[];
}

export interface ContentEvent extends UseCase {
  date?: string;
}

const NOT_DRAFT = '!(_id in path("drafts.**"))';

export const PAGE_BY_SLUG_QUERY = `*[_type == "page" && slug.current == $slug && published == true && ${NOT_DRAFT}][0]{
  title, "slug": slug.current, content, metaTitle, metaDescription, canonicalUrl, lastUpdated }`;

export const USE_CASE_BY_SLUG_QUERY = `*[_type == "useCase" && slug.current == $slug && ${NOT_DRAFT}][0]{
  _id, title, "slug": slug.current, description, body }`;

export const EVENT_BY_SLUG_QUERY = `*[_type == "event" && slug.current == $slug && ${NOT_DRAFT}][0]{
  _id, title, "slug": slug.current, date, description, body }`;

export const fetchPage = (slug: string) =>
  pagesClient().fetch<ContentPage | null>(PAGE_BY_SLUG_QUERY, { slug });

export const fetchUseCase = (slug: string) =>
  pagesClient().fetch<UseCase | null>(USE_CASE_BY_SLUG_QUERY, { slug });

export const fetchEvent = (slug: string) =>
  pagesClient().fetch<ContentEvent | null>(EVENT_BY_SLUG_QUERY, { slug });
