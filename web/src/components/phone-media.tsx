/**
 * The marketing pages' phone videos and screenshots (web/public/media, made by web/scripts/make-media.ts).
 * Screenshots come as WebP with a JPEG fallback; every file is 406 x 720 CSS px (screenshots at 1.5x).
 */
import { AutoPlayVideo } from './auto-play-video';
import './phone-media.css';

export const PHONE_MEDIA_SIZE = { width: 406, height: 720 } as const;

export type PhoneVideoName = 'hero-phone' | 'qr-share' | 'payment';
export type PhoneScreenName =
  'checkout-screen' | 'upload-screen' | 'delivery-screen' | 'team-screen' | 'dashboard-screen';

export function PhoneVideo({
  name,
  label,
  loop = false,
}: {
  name: PhoneVideoName;
  label: string;
  loop?: boolean;
}) {
  return (
    <AutoPlayVideo
      className="phone-media"
      src={`/media/${name}.webm`}
      // WebP: every browser that plays the WebM plays it, at about half the JPEG's bytes (the hero's is
      // the home page's largest paint).
      poster={`/media/${name}.webp`}
      label={label}
      loop={loop}
      {...PHONE_MEDIA_SIZE}
    />
  );
}

export function PhoneScreenshot({ name, alt }: { name: PhoneScreenName; alt: string }) {
  return (
    <picture>
      <source type="image/webp" srcSet={`/media/${name}.webp`} />
      <img
        className="phone-media"
        src={`/media/${name}.jpg`}
        alt={alt}
        loading="lazy"
        decoding="async"
        draggable={false}
        {...PHONE_MEDIA_SIZE}
      />
    </picture>
  );
}
