import { describe, expect, it } from 'vitest';
import { galleryErrors } from '#shared/texts/errors';
import {
  fit2048,
  galleryPhotos,
  gridBox,
  masonryColumns,
  masonrySpacing,
  shownPhotos,
} from './gallery-photos';

describe('grid boxes', () => {
  it('is 200 x 200 without dimensions', () => {
    expect(gridBox()).toEqual({ width: 200, height: 200 });
    expect(gridBox(0, 100)).toEqual({ width: 200, height: 200 });
  });

  it('makes the longer side 200 and keeps the aspect ratio', () => {
    expect(gridBox(1800, 1200)).toEqual({ width: 200, height: 133 });
    expect(gridBox(1200, 1800)).toEqual({ width: 133, height: 200 });
    expect(gridBox(500, 500)).toEqual({ width: 200, height: 200 });
  });
});

describe('masonry breakpoints', () => {
  it.each([
    [1600, 5, 20],
    [1200, 5, 20],
    [1199, 4, 15],
    [600, 4, 15],
    [599, 3, 10],
    [300, 3, 10],
    [299, 2, 5],
    [0, 2, 5],
  ])('a %i px container has %i columns %i px apart', (width, columns, spacing) => {
    expect(masonryColumns(width)).toBe(columns);
    expect(masonrySpacing(width)).toBe(spacing);
  });
});

describe('gallery photos', () => {
  it('keeps the order, prefers thumbnails for the grid and the original for the viewer', () => {
    const photos = galleryPhotos({
      b: { url: 'https://s3/b', width: 1200, height: 1800, thumbnailUrl: 'https://s3/thumbnails/b.jpg' },
      a: { url: 'https://s3/a' },
    });
    expect(photos).toEqual([
      {
        photoId: 'b',
        url: 'https://s3/b',
        gridSrc: 'https://s3/thumbnails/b.jpg',
        width: 133,
        height: 200,
        fullSize: { width: 1200, height: 1800 },
      },
      { photoId: 'a', url: 'https://s3/a', gridSrc: 'https://s3/a', width: 200, height: 200 },
    ]);
  });

  it('shows the WebP copies where the server gives them: the thumbnail in the grid, the 2048 px in the viewer', () => {
    const [photo] = galleryPhotos({
      a: {
        url: 'https://s3/a',
        width: 6000,
        height: 4000,
        thumbnailUrl: 'https://s3/thumbnails/a.jpg',
        thumbnailWebpUrl: 'https://s3/thumbnails/a.webp',
        optimizedWebpUrl: 'https://s3/optimized/a.webp',
      },
    });
    expect(photo).toMatchObject({
      url: 'https://s3/a',
      gridSrc: 'https://s3/thumbnails/a.jpg',
      gridWebp: 'https://s3/thumbnails/a.webp',
      shownWebp: { src: 'https://s3/optimized/a.webp', width: 2048, height: 1365 },
    });
  });

  it('offers the grid-sized and the 400 px WebP thumbnail by width where both exist', () => {
    const urls = {
      url: 'https://s3/a',
      thumbnailUrl: 'https://s3/thumbnails/a.jpg',
      thumbnailWebpUrl: 'https://s3/thumbnails/a.webp',
      gridWebpUrl: 'https://s3/thumbnails/a.grid.webp',
    };
    const [landscape, portrait, narrow, sizeUnknown] = galleryPhotos({
      a: { ...urls, width: 6000, height: 4000 },
      b: { ...urls, width: 3000, height: 4500 },
      c: { ...urls, width: 1000, height: 4000 },
      d: urls,
    });
    expect(landscape!.gridWebp).toBe(
      'https://s3/thumbnails/a.grid.webp 240w, https://s3/thumbnails/a.webp 400w',
    );
    expect(portrait!.gridWebp).toBe(
      'https://s3/thumbnails/a.grid.webp 240w, https://s3/thumbnails/a.webp 267w',
    );
    // A thumbnail no wider than the grid-sized one (100 px here): the 400 px one alone.
    expect(narrow!.gridWebp).toBe('https://s3/thumbnails/a.webp');
    expect(sizeUnknown!.gridWebp).toBe('https://s3/thumbnails/a.webp');
  });

  it('fits the 2048 px copy inside 2048 px, never enlarged', () => {
    expect(fit2048({ width: 1200, height: 1800 })).toEqual({ width: 1200, height: 1800 });
    expect(fit2048({ width: 3000, height: 6000 })).toEqual({ width: 1024, height: 2048 });
  });

  it("refuses an entry without a URL with 'Invalid photo URL data'", () => {
    expect(() => galleryPhotos({ a: { url: '' } })).toThrow(galleryErrors.invalidPhotoUrlData);
  });

  it('shows an order opened before the human check from its thumbnails, with no photo to download', () => {
    const [shown] = shownPhotos({
      a: { thumbnailUrl: 'https://s3.test/t?sig=1', thumbnailWebpUrl: 'https://s3.test/t.webp?sig=1' },
    });
    expect(shown).toMatchObject({ photoId: 'a', gridSrc: 'https://s3.test/t?sig=1' });
    expect(shown?.url).toBeUndefined();
    expect(shown?.shownWebp).toBeUndefined();
    expect(() => shownPhotos({ a: {} })).toThrow(galleryErrors.invalidPhotoUrlData);
  });
});
