import { describe, expect, it } from 'vitest';
import { galleryChunks } from './route-preload';

type Bundle = Parameters<typeof galleryChunks>[0];

const chunk = (fileName: string, imports: string[], facadeModuleId?: string) => ({
  type: 'chunk' as const,
  fileName,
  imports,
  facadeModuleId: facadeModuleId ?? null,
});

describe("the public gallery page's chunks", () => {
  it('names the page and what it imports, less what the entry loads already', () => {
    const bundle = {
      'assets/index.js': chunk('assets/index.js', ['assets/react.js']),
      'assets/react.js': chunk('assets/react.js', []),
      'assets/page.js': chunk(
        'assets/page.js',
        ['assets/react.js', 'assets/grid.js'],
        '/repo/web/src/features/public-gallery/public-gallery-page.tsx',
      ),
      'assets/grid.js': chunk('assets/grid.js', ['assets/virtual.js']),
      'assets/virtual.js': chunk('assets/virtual.js', []),
      'assets/other-page.js': chunk('assets/other-page.js', ['assets/react.js'], '/repo/web/src/other.tsx'),
      'assets/page.css': { type: 'asset' as const, fileName: 'assets/page.css' },
    } as unknown as Bundle;
    expect(galleryChunks(bundle, 'assets/index.js')).toEqual([
      '/assets/page.js',
      '/assets/grid.js',
      '/assets/virtual.js',
    ]);
  });

  it('names nothing when the page has no chunk of its own', () => {
    const bundle = { 'assets/index.js': chunk('assets/index.js', []) } as unknown as Bundle;
    expect(galleryChunks(bundle, 'assets/index.js')).toEqual([]);
  });
});
