/**
 * The bundled dataset's images, drawn as SVG and rendered with sharp: abstract, on-brand artwork
 * (light through an aperture, a horizon, frames of a contact sheet) so the dataset needs no stock
 * photos. `npx tsx content/authoring/generate-images.ts` rewrites content/dataset/images.
 */
export interface Artwork {
  /** Sanity asset id part: letters and digits only, since `@sanity/image-url` splits on dashes. */
  id: string;
  width: number;
  height: number;
  colors: readonly [string, string, string];
  motif: 'aperture' | 'horizon' | 'frames' | 'portrait';
}

/** `image-{id}-{W}x{H}-jpg`, the asset document id and reference. */
export const assetId = (art: Artwork): string => `image-${art.id}-${art.width}x${art.height}-jpg`;
export const fileName = (art: Artwork): string => `${art.id}-${art.width}x${art.height}.jpg`;

function motif(art: Artwork): string {
  const { width: w, height: h, colors } = art;
  const cx = w / 2;
  const cy = h / 2;
  const r = Math.min(w, h) * 0.32;
  switch (art.motif) {
    case 'aperture':
      return Array.from({ length: 6 }, (_, i) => {
        const angle = (i * 60 * Math.PI) / 180;
        const x = cx + Math.cos(angle) * r * 0.55;
        const y = cy + Math.sin(angle) * r * 0.55;
        return `<circle cx="${x}" cy="${y}" r="${r * 0.6}" fill="${colors[2]}" fill-opacity="0.18"/>`;
      }).join('');
    case 'horizon':
      return `<circle cx="${cx}" cy="${h * 0.62}" r="${r * 0.7}" fill="${colors[2]}" fill-opacity="0.85"/>
        <rect x="0" y="${h * 0.62}" width="${w}" height="${h * 0.38}" fill="${colors[0]}" fill-opacity="0.9"/>
        <rect x="0" y="${h * 0.7}" width="${w}" height="${h * 0.02}" fill="${colors[2]}" fill-opacity="0.35"/>`;
    case 'frames':
      return Array.from({ length: 4 }, (_, i) => {
        const fw = w * 0.18;
        const x = w * 0.1 + i * (fw + w * 0.04);
        return `<rect x="${x}" y="${h * 0.3}" width="${fw}" height="${h * 0.4}" rx="${fw * 0.06}"
          fill="${colors[2]}" fill-opacity="${0.25 + i * 0.15}"/>`;
      }).join('');
    case 'portrait':
      return `<circle cx="${cx}" cy="${h * 0.4}" r="${r * 0.55}" fill="${colors[2]}" fill-opacity="0.9"/>
        <ellipse cx="${cx}" cy="${h * 1.02}" rx="${r * 1.2}" ry="${r * 0.95}" fill="${colors[2]}" fill-opacity="0.9"/>`;
  }
}

export function artworkSvg(art: Artwork): string {
  const [from, to] = art.colors;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${art.width}" height="${art.height}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#bg)"/>
  ${motif(art)}
</svg>`;
}
