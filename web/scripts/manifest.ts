/** Vite's build manifest (`build.manifest`) and the chunks a page loads first. */
export interface ManifestChunk {
  file: string;
  /** The source file, for a chunk that has one (the keys of shared chunks start with `_`). */
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  /** The stylesheets and other files (fonts, workers, wasm) the chunk loads. */
  css?: string[];
  assets?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** `key` and every chunk it imports statically, directly or not: what loads before the page runs. */
export function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}
