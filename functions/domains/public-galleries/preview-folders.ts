/**
 * Which previews may go (the preview jobs' sweep): every preview but those in the folder of a gallery's
 * current access while customers may see it. A closed, unpublished or deleted gallery keeps none; an
 * open one keeps only the folder its links point at (older watermarks, PINs and end dates made folders
 * nobody is sent to any more). Pure: the caller lists the keys and reads each gallery's access.
 */
import {
  PREVIEW_CLOSES_PATTERN,
  PREVIEW_SECRET_PATTERN,
  PREVIEWS_ROOT,
  type PreviewAccess,
} from '#shared/contract/preview-paths';

const BUCKET_ROOT = PREVIEWS_ROOT.slice(1, -1);

/** What a preview's key (`previews/{publicId}/{closes}/{secret}/{photoId}/{file}`) was made for. */
export interface PreviewKeyParts {
  publicId: string;
  /** Undefined when the folder is not a preview access's (no link leads there). */
  access: PreviewAccess | undefined;
}

/** The gallery and access a listed key belongs to; undefined for a key outside any gallery's folder. */
export function partsOfKey(key: string): PreviewKeyParts | undefined {
  const [root, publicId, closes, secret, ...rest] = key.split('/');
  if (root !== BUCKET_ROOT || !publicId) return undefined;
  const shaped =
    rest.length > 0 &&
    closes !== undefined &&
    secret !== undefined &&
    PREVIEW_CLOSES_PATTERN.test(closes) &&
    PREVIEW_SECRET_PATTERN.test(secret);
  return { publicId, access: shaped ? { closes, secret } : undefined };
}

/** The galleries the keys belong to, each once: whose access the caller reads. */
export const galleriesOf = (keys: string[]): string[] => [
  ...new Set(keys.flatMap((key) => partsOfKey(key)?.publicId ?? [])),
];

/**
 * The keys to delete, given each gallery's current access (undefined, or not in the map: customers may
 * not see the gallery). A key in no gallery's folder, or in a folder that is no access's, goes too.
 */
export function staleKeys(keys: string[], current: ReadonlyMap<string, PreviewAccess | undefined>): string[] {
  return keys.filter((key) => {
    const parts = partsOfKey(key);
    const keep = parts?.access && current.get(parts.publicId);
    return !keep || parts.access!.closes !== keep.closes || parts.access!.secret !== keep.secret;
  });
}
