import * as z from 'zod/mini';

/** Content-store documents (public document, section 3). Rich text is Portable Text. */
const Slug = z.object({ current: z.string() });
const ImageRef = z.object({ asset: z.object({ _ref: z.string() }), alt: z.optional(z.string()) });
const Localized = <T extends z.ZodMiniType>(inner: T) => z.object({ en: z.optional(inner) });
export const RichText = z.array(z.looseObject({ _type: z.string(), _key: z.optional(z.string()) }));

export const FaqCategory = z.string();

export const Faq = z.object({
  _id: z.string(),
  _type: z.literal('faq'),
  question: Localized(z.string()),
  answer: Localized(RichText),
  category: FaqCategory,
  order: z.number(),
  published: z.boolean(),
});

export const Category = z.object({
  _id: z.string(),
  title: z.string(),
  slug: Slug,
  description: z.optional(z.string()),
});

export const BlogPost = z.object({
  _id: z.string(),
  title: z.string(),
  slug: Slug,
  publishedAt: z.string(),
  excerpt: z.optional(z.string()),
  body: z.optional(RichText),
  mainImage: z.optional(ImageRef),
  author: z.optional(z.object({ name: z.string(), image: z.optional(ImageRef) })),
  categories: z.optional(z.array(z.object({ title: z.string(), slug: Slug }))),
  featured: z.optional(z.boolean()),
  canonicalUrl: z.optional(z.string()),
});

export const ContentPage = z.object({
  title: z.string(),
  slug: Slug,
  pageType: z.optional(z.string()),
  content: Localized(RichText),
  metaTitle: z.optional(z.string()),
  metaDescription: z.optional(z.string()),
  canonicalUrl: z.optional(z.string()),
  published: z.boolean(),
  lastUpdated: z.optional(z.string()),
});

export const UseCase = z.object({
  _id: z.string(),
  title: z.string(),
  slug: Slug,
  description: z.optional(z.string()),
  body: z.optional(RichText),
});

export const ContentEvent = z.object({
  _id: z.string(),
  title: z.string(),
  slug: Slug,
  date: z.optional(z.string()),
  description: z.optional(z.string()),
  body: z.optional(RichText),
});

/** Local-storage record under cookieConsentV2. */
export const CookieConsent = z.object({
  functional: z.literal(true),
  analytics: z.boolean(),
  marketing: z.boolean(),
});
export type CookieConsent = z.infer<typeof CookieConsent>;

/** Gallery grid item and lightbox slide (public document, section 3). */
export const GalleryGridItem = z.object({
  src: z.string(),
  width: z.number(),
  height: z.number(),
  key: z.string(),
  fullSizeUrl: z.string(),
});
export const LightboxSlide = z.object({
  src: z.string(),
  alt: z.optional(z.string()),
  width: z.optional(z.number()),
  height: z.optional(z.number()),
  srcSet: z.optional(z.array(z.object({ src: z.string(), width: z.number(), height: z.number() }))),
  type: z.optional(z.literal('image')),
});
