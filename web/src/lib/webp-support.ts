/**
 * Whether this browser decodes WebP, for the places that pick an image URL in script rather than
 * through `<picture>` (the lightbox's slides). Probed once by decoding a 1 x 1 WebP; until the probe
 * answers, and where images never load (tests), the answer is no: JPEG, which every browser shows.
 */
const ONE_PIXEL_WEBP = 'data:image/webp;base64,UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==';

let supported = false;

if (typeof Image !== 'undefined') {
  const probe = new Image();
  probe.onload = () => {
    supported = probe.width === 1;
  };
  probe.src = ONE_PIXEL_WEBP;
}

export const webpSupported = (): boolean => supported;
