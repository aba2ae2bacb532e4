/**
 * A photo's image as pages show it: the WebP copy where the browser takes WebP (`<picture>` with a
 * typed source), the JPEG otherwise. If the WebP fails to load (a photo processed before WebP copies
 * existed, whose URL the public order hands out without knowing), the JPEG is shown instead.
 * `webp` is a `srcset`: one URL, or candidates by width, chosen with the image's `sizes`.
 */
import { useState, type ComponentPropsWithoutRef } from 'react';

export type ShownImageProps = ComponentPropsWithoutRef<'img'> & { src: string; webp?: string | undefined };

/** `display: contents`: the picture adds no box, so the img lays out (and is styled) as it did alone. */
const pictureStyle = { display: 'contents' } as const;

export function ShownImage({ webp, onError, ...img }: ShownImageProps) {
  const [webpFailed, setWebpFailed] = useState<string | null>(null);
  // eslint-disable-next-line jsx-a11y/alt-text -- alt comes with the props
  if (!webp || webpFailed === webp) return <img {...img} onError={onError} />;
  return (
    <picture style={pictureStyle}>
      <source srcSet={webp} sizes={img.sizes} type="image/webp" />
      {/* eslint-disable-next-line jsx-a11y/alt-text -- alt comes with the props */}
      <img
        {...img}
        onError={(event) => {
          // Failed while showing a WebP candidate rather than the JPEG: show the JPEG alone.
          if (event.currentTarget.currentSrc !== event.currentTarget.src) setWebpFailed(webp);
          else onError?.(event);
        }}
      />
    </picture>
  );
}
