import { describe, expect, it, vi } from 'vitest';
import { IMAGE_SIZE_ARTICLE } from '#shared/rules/constants';
import { imageSources } from './blog-images';

vi.stubEnv('VITE_SANITY_PROJECT_ID', 'proj1');
vi.stubEnv('VITE_SANITY_DATASET', 'production');
vi.stubEnv('VITE_SANITY_API_HOST', '');

const image = { asset: { _ref: 'image-abc123-1200x675-jpg' } };

describe('imageSources', () => {
  it('offers half to twice the size in the best format the browser takes, the spec size as src', () => {
    const sources = imageSources(image, IMAGE_SIZE_ARTICLE)!;
    const widths = sources.srcSet.split(', ').map((entry) => entry.split(' '));
    expect(widths.map(([, width]) => width)).toEqual(['400w', '800w', '1200w', '1600w']);
    for (const [url, width] of widths) {
      const params = new URL(url!).searchParams;
      expect(params.get('w')).toBe(width!.replace('w', ''));
      expect(params.get('h')).toBe(String(Number(params.get('w')) / 2));
      expect(params.get('auto')).toBe('format');
      expect(params.get('fit')).toBe('crop');
    }
    expect(new URL(sources.src).searchParams.get('w')).toBe('800');
    expect(sources.sizes).toBe('(max-width: 800px) 100vw, 800px');
  });

  it('is null without an asset', () => {
    expect(imageSources(undefined, IMAGE_SIZE_ARTICLE)).toBeNull();
  });
});
