/** The insights blog: authors, categories and posts (spec section 3). */
export interface AuthorSource {
  id: string;
  name: string;
  slug: string;
  image: string;
  bio: string;
}
export interface CategorySource {
  slug: string;
  title: string;
  description: string;
}
export interface PostSource {
  slug: string;
  title: string;
  excerpt: string;
  publishedAt: string;
  author: string;
  categories: string[];
  image: string;
  imageAlt: string;
  featured?: boolean;
  body: string;
}

export const AUTHORS: AuthorSource[] = [
  {
    id: 'maya-okafor',
    name: 'Maya Okafor',
    slug: 'maya-okafor',
    image: 'authormaya',
    bio: 'Maya ran an event photography studio for nine years before joining Shutterlane to look after the photographers who use it.',
  },
  {
    id: 'tom-lindqvist',
    name: 'Tom Lindqvist',
    slug: 'tom-lindqvist',
    image: 'authortom',
    bio: 'Tom shot underwater and on tour boats across the Mediterranean, and now writes about the business side of photography.',
  },
];

export const CATEGORIES: CategorySource[] = [
  { slug: 'business', title: 'Business', description: 'Pricing, sales and running a photography business.' },
  {
    slug: 'workflow',
    title: 'Workflow',
    description: 'From memory card to customer: faster, calmer delivery.',
  },
  {
    slug: 'industry',
    title: 'Industry Guides',
    description: 'What works for weddings, tours, diving and more.',
  },
  { slug: 'product-news', title: 'Product News', description: 'What is new in Shutterlane.' },
];
