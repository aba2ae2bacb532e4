import { describe, expect, it } from 'vitest';
import { galleriesOf, partsOfKey, staleKeys } from './preview-folders';

const SECRET = 'AbCdEfGhIjKlMnOpQrStUv';
const OLD_SECRET = 'zzzzzzzzzzzzzzzzzzzzzz';
const key = (closes: string, secret = SECRET, publicId = 'pub12345') =>
  `previews/${publicId}/${closes}/${secret}/photo1/grid.webp`;

describe('preview keys', () => {
  it('reads the gallery and the access a key was made for, and no access from a malformed folder', () => {
    expect(partsOfKey(key('1780000000'))).toEqual({
      publicId: 'pub12345',
      access: { closes: '1780000000', secret: SECRET },
    });
    expect(partsOfKey(key('open'))).toEqual({
      publicId: 'pub12345',
      access: { closes: 'open', secret: SECRET },
    });
    expect(partsOfKey(key('soon'))).toEqual({ publicId: 'pub12345', access: undefined });
    expect(partsOfKey(key('open', 'short'))).toEqual({ publicId: 'pub12345', access: undefined });
    expect(partsOfKey(`previews/pub12345/open/${SECRET}`)).toEqual({
      publicId: 'pub12345',
      access: undefined,
    });
    expect(partsOfKey(`elsewhere/pub12345/open/${SECRET}/p/grid.webp`)).toBeUndefined();
    expect(partsOfKey('previews/')).toBeUndefined();
  });

  it('names each gallery once', () => {
    expect(galleriesOf([key('open'), key('1780000000'), key('open', SECRET, 'other'), 'previews/'])).toEqual([
      'pub12345',
      'other',
    ]);
  });

  it("keeps only the current access's previews of an open gallery", () => {
    const keys = [key('open'), key('open', OLD_SECRET), key('1780000000'), key('bad')];
    expect(staleKeys(keys, new Map([['pub12345', { closes: 'open', secret: SECRET }]]))).toEqual(
      keys.slice(1),
    );
    expect(staleKeys(keys, new Map([['pub12345', { closes: '1780000000', secret: SECRET }]]))).toEqual([
      key('open'),
      key('open', OLD_SECRET),
      key('bad'),
    ]);
  });

  it('deletes every preview of a gallery customers may not see (closed, unpublished, gone) and stray keys', () => {
    const keys = [key('open'), key('1780000000'), key('open', SECRET, 'other'), 'previews/stray'];
    const current = new Map([
      ['pub12345', undefined],
      ['other', { closes: 'open', secret: SECRET }],
    ]);
    expect(staleKeys(keys, current)).toEqual([key('open'), key('1780000000'), 'previews/stray']);
    expect(staleKeys(keys, new Map())).toEqual(keys);
  });
});
