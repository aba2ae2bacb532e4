import { describe, expect, it } from 'vitest';
import { objectKeys, parseOriginalKey } from './storage-layout';

describe('object keys', () => {
  it('parses the original key it writes', () => {
    expect(parseOriginalKey(objectKeys.original('u-1', 'g_2', 'p-3'))).toEqual({
      userId: 'u-1',
      galleryId: 'g_2',
      photoId: 'p-3',
    });
  });

  it('refuses derived copies and keys of another shape', () => {
    expect(parseOriginalKey(objectKeys.thumbnail('u-1', 'g_2', 'p-3'))).toBeNull();
    expect(parseOriginalKey('u-1/g_2')).toBeNull();
    expect(parseOriginalKey('u-1/../p-3')).toBeNull();
  });
});
