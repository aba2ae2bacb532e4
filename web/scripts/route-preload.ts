/**
 * The public gallery page's own chunks, named in index.html at build (a `<meta>`), so that index.html's
 * early script can preload them on a `/g/` address, and on no other page. Without it the page's chunk is
 * asked for only once the entry script has run and the router has matched (on slow 4G at 4x CPU, over two
 * seconds in): with it, the chunk downloads beside the entry from the start. A `<meta>` rather than the
 * names in the script keeps the script's text, and so its CSP hash, the same from build to build.
 */
import type { HtmlTagDescriptor, IndexHtmlTransformContext, Plugin } from 'vite';

/** The `<meta>` index.html's early script reads (it repeats the name: early-view.test.ts checks). */
export const GALLERY_CHUNKS_META = 'shutterlane-gallery-chunks';
/** The page whose chunks are named. */
const GALLERY_PAGE = '/features/public-gallery/public-gallery-page.tsx';

type Bundle = NonNullable<IndexHtmlTransformContext['bundle']>;

/** A chunk's file and every chunk it imports statically, transitively. */
function staticGraph(bundle: Bundle, fileName: string, seen = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (seen.has(fileName) || chunk?.type !== 'chunk') return seen;
  seen.add(fileName);
  for (const imported of chunk.imports) staticGraph(bundle, imported, seen);
  return seen;
}

/** The gallery page's chunks the entry does not load already, as absolute paths. */
export function galleryChunks(bundle: Bundle, entryFileName: string): string[] {
  const page = Object.values(bundle).find(
    (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith(GALLERY_PAGE),
  );
  if (!page) return [];
  const entry = staticGraph(bundle, entryFileName);
  return [...staticGraph(bundle, page.fileName)].filter((file) => !entry.has(file)).map((file) => `/${file}`);
}

export function routePreloadPlugin(): Plugin {
  return {
    name: 'shutterlane-route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk }): HtmlTagDescriptor[] {
        if (!bundle || !chunk) return [];
        const files = galleryChunks(bundle, chunk.fileName);
        if (files.length === 0)
          throw new Error(`no chunk for ${GALLERY_PAGE}: the early preload would be lost`);
        return [
          {
            tag: 'meta',
            attrs: { name: GALLERY_CHUNKS_META, content: files.join(' ') },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}
