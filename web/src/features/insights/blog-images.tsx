/** Content-store image URLs at the spec's sizes (section 9), cropped to fill, with a 2x variant. */
import { imageUrls } from '../../lib/content';
import type { ContentImage } from './blog-api';

export interface ImageSize {
  readonly w: number;
  readonly h: number;
}

export function imageSources(
  image: ContentImage | undefined,
  size: ImageSize,
): { src: string; srcSet: string } | null {
  if (!image?.asset?._ref) return null;
  const sized = imageUrls().image(image).width(size.w).height(size.h).fit('crop');
  return { src: sized.url(), srcSet: `${sized.dpr(2).url()} 2x` };
}

export function ContentImg({
  image,
  size,
  className,
  eager = false,
}: {
  image: ContentImage | undefined;
  size: ImageSize;
  className: string;
  eager?: boolean;
}) {
  const sources = imageSources(image, size);
  if (!sources) return <div className={`${className} image-placeholder`} aria-hidden="true" />;
  return (
    <img
      className={className}
      src={sources.src}
      srcSet={sources.srcSet}
      alt={image?.alt ?? ''}
      width={size.w}
      height={size.h}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
