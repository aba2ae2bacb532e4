/**
 * Content-store image URLs at the spec's sizes (section 9), cropped to fill, in widths from half to
 * twice the spec's so a phone's browser picks what its screen needs (a 412 px wide phone at 1.75x takes
 * the 800 px article image, not 1600). `auto=format`: Sanity's CDN answers WebP or AVIF to browsers
 * that accept them, JPEG to the rest.
 */
import { imageUrls } from '../../lib/content';
import type { ContentImage } from './blog-api';

export interface ImageSize {
  readonly w: number;
  readonly h: number;
}

/** The widths offered, as multiples of the spec's size. */
const SCALES = [0.5, 1, 1.5, 2];

export function imageSources(
  image: ContentImage | undefined,
  size: ImageSize,
): { src: string; srcSet: string; sizes: string } | null {
  if (!image?.asset?._ref) return null;
  const at = (scale: number) =>
    imageUrls()
      .image(image)
      .width(Math.round(size.w * scale))
      .height(Math.round(size.h * scale))
      .fit('crop')
      .auto('format')
      .url();
  return {
    src: at(1),
    srcSet: SCALES.map((scale) => `${at(scale)} ${Math.round(size.w * scale)}w`).join(', '),
    // Shown at its size, or narrower on a narrower screen (the columns never make it wider).
    sizes: `(max-width: ${size.w}px) 100vw, ${size.w}px`,
  };
}

export function ContentImg({
  image,
  size,
  className,
  eager = false,
  largestPaint = false,
}: {
  image: ContentImage | undefined;
  size: ImageSize;
  className: string;
  eager?: boolean;
  /** The page's largest paint (its top image): fetched before the other images. */
  largestPaint?: boolean;
}) {
  const sources = imageSources(image, size);
  if (!sources) return <div className={`${className} image-placeholder`} aria-hidden="true" />;
  return (
    <img
      className={className}
      src={sources.src}
      srcSet={sources.srcSet}
      sizes={sources.sizes}
      alt={image?.alt ?? ''}
      width={size.w}
      height={size.h}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={largestPaint ? 'high' : 'auto'}
      decoding="async"
    />
  );
}
