import { describe, expect, it } from 'vitest';
import { accessOfFolder, publicIdOfFolder, staleFolders } from './preview-folders';

const SECRET = 'AbCdEfGhIjKlMnOpQrStUv';
const OLD_SECRET = 'zzzzzzzzzzzzzzzzzzzzzz';
const folder = (closes: string, secret = SECRET) => `previews/pub12345/${closes}/${secret}/`;

describe('preview folders', () => {
  it('reads the access a folder was made for, and nothing from a malformed one', () => {
    expect(accessOfFolder(folder('1780000000'))).toEqual({ closes: '1780000000', secret: SECRET });
    expect(accessOfFolder(folder('open'))).toEqual({ closes: 'open', secret: SECRET });
    expect(accessOfFolder(folder('soon'))).toBeUndefined();
    expect(accessOfFolder(folder('open', 'short'))).toBeUndefined();
    expect(accessOfFolder('previews/pub12345/open/')).toBeUndefined();
    expect(accessOfFolder(`elsewhere/pub12345/open/${SECRET}/`)).toBeUndefined();
    expect(publicIdOfFolder('previews/pub12345/')).toBe('pub12345');
  });

  it("keeps only the current access's folder of an open gallery", () => {
    const folders = [folder('open'), folder('open', OLD_SECRET), folder('1780000000'), folder('bad')];
    expect(staleFolders(folders, { closes: 'open', secret: SECRET })).toEqual(folders.slice(1));
    expect(staleFolders(folders, { closes: '1780000000', secret: SECRET })).toEqual([
      folder('open'),
      folder('open', OLD_SECRET),
      folder('bad'),
    ]);
  });

  it('removes every folder of a gallery customers may not see (closed, unpublished or gone)', () => {
    const folders = [folder('open'), folder('1780000000')];
    expect(staleFolders(folders, undefined)).toEqual(folders);
    expect(staleFolders([], undefined)).toEqual([]);
  });
});
