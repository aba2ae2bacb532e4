/**
 * Which folders of a gallery's previews may go (the preview jobs' sweep): every folder but the one of
 * the gallery's current access while customers may see it. A closed, unpublished or deleted gallery
 * keeps none; an open one keeps only the folder its links point at (older watermarks, PINs and end
 * dates made folders nobody is sent to any more). Pure: the caller lists the folders and reads the access.
 */
import {
  PREVIEW_CLOSES_PATTERN,
  PREVIEW_SECRET_PATTERN,
  PREVIEWS_ROOT,
  type PreviewAccess,
} from '#shared/preview-paths';

const BUCKET_ROOT = PREVIEWS_ROOT.slice(1);

/** The gallery's public id in a listed gallery folder (`previews/{publicId}/`). */
export const publicIdOfFolder = (folder: string): string =>
  folder.slice(BUCKET_ROOT.length).replace(/\/$/, '');

/** The access a listed folder (`previews/{publicId}/{closes}/{secret}/`) was made for; undefined if malformed. */
export function accessOfFolder(folder: string): PreviewAccess | undefined {
  const [root, , closes, secret, rest] = folder.split('/');
  if (`${root}/` !== BUCKET_ROOT || rest !== '' || closes === undefined || secret === undefined)
    return undefined;
  if (!PREVIEW_CLOSES_PATTERN.test(closes) || !PREVIEW_SECRET_PATTERN.test(secret)) return undefined;
  return { closes, secret };
}

/**
 * The folders to remove, given the access customers are sent to now (undefined: none, the gallery is
 * closed, unpublished or gone). A folder whose name is not a preview access's is no link's either.
 */
export function staleFolders(folders: string[], current: PreviewAccess | undefined): string[] {
  return folders.filter((folder) => {
    const access = accessOfFolder(folder);
    return !access || !current || access.closes !== current.closes || access.secret !== current.secret;
  });
}
