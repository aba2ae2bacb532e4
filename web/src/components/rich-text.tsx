/**
 * Content-store rich text (public document, section 3): headings h1-h4, normal, blockquote, bullet and
 * numbered lists, strong, em, code and link marks, and images by asset reference (built with w and h).
 * Headings in the body are shifted down one level where needed by the page (the page owns its h1).
 */
import { PortableText, type PortableTextBlock, type PortableTextComponents } from '@portabletext/react';
import { imageUrls } from '../lib/content';

interface ImageValue {
  asset?: { _ref?: string };
  alt?: string;
}

const BODY_IMAGE = { w: 800, h: 450 } as const;

function BodyImage({ value }: { value: ImageValue }) {
  if (!value.asset?._ref) return null;
  const src = imageUrls().image(value).width(BODY_IMAGE.w).height(BODY_IMAGE.h).fit('crop').url();
  return (
    <img
      className="rich-text-image"
      src={src}
      alt={value.alt ?? ''}
      width={BODY_IMAGE.w}
      height={BODY_IMAGE.h}
      loading="lazy"
      decoding="async"
    />
  );
}

const isExternal = (href: string) => /^https?:\/\//.test(href);

const components: PortableTextComponents = {
  types: { image: BodyImage },
  marks: {
    link: ({ value, children }) => {
      const href = typeof value?.href === 'string' ? value.href : '#';
      return isExternal(href) ? (
        <a href={href} target="_blank" rel="noopener noreferrer">
          {children}
        </a>
      ) : (
        <a href={href}>{children}</a>
      );
    },
  },
};

export function RichText({ value }: { value: PortableTextBlock[] | undefined }) {
  if (!value || value.length === 0) return null;
  return (
    <div className="rich-text">
      <PortableText value={value} components={components} />
    </div>
  );
}
