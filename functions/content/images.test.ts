import { describe, expect, it } from 'vitest';
import { parseImageRequest } from './images';

const search = (query: string) => new URLSearchParams(query);

describe('parseImageRequest', () => {
  it('reads the size and crops by default, as Sanity does with both w and h', () => {
    expect(parseImageRequest('abc-1200x675.jpg', search('w=400&h=250'))).toEqual({
      fileName: 'abc-1200x675.jpg',
      format: 'jpg',
      variesOnAccept: false,
      width: 400,
      height: 250,
      fit: 'cover',
    });
  });

  it('keeps the whole image for fit=max', () => {
    expect(parseImageRequest('abc-1200x675.jpg', search('w=400&fit=max'))?.fit).toBe('inside');
  });

  it.each(['../x-1x1.jpg', 'abc.jpg', 'a-b-1x1.jpg', 'abc-1x1.gif'])('refuses the file name %s', (name) => {
    expect(parseImageRequest(name, search(''))).toBeUndefined();
  });

  it.each(['w=0', 'w=4001', 'h=1.5', 'w=abc'])('refuses the size %s', (query) => {
    expect(parseImageRequest('abc-1200x675.jpg', search(query))).toBeUndefined();
  });

  it("answers WebP for auto=format when the browser accepts it, the file's format otherwise", () => {
    const chrome = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
    const webp = parseImageRequest('abc-1200x675.jpg', search('w=400&auto=format'), chrome);
    expect(webp).toMatchObject({ format: 'webp', variesOnAccept: true });
    const old = parseImageRequest('abc-1200x675.jpg', search('w=400&auto=format'), 'image/png,image/*');
    expect(old).toMatchObject({ format: 'jpg', variesOnAccept: true });
  });

  it('answers the format fm asks for, whatever the Accept header, and refuses an unknown one', () => {
    expect(parseImageRequest('abc-1200x675.jpg', search('fm=png&auto=format'), 'image/webp')).toMatchObject({
      format: 'png',
      variesOnAccept: false,
    });
    expect(parseImageRequest('abc-1200x675.jpg', search('fm=gif'))).toBeUndefined();
  });
});
