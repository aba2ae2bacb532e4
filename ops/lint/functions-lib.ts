/**
 * Lint check: functions/lib holds only the modules its README lists (adapters and the HTTP layer), and
 * each listed module's unit test. Any other file there fails `npm run lint`: domain rules and storage
 * belong in functions/domains.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The file names a README lists: every `name.ext` in backticks at the start of a list item. */
export function listedFiles(readme: string): Set<string> {
  const listed = new Set<string>(['README.md']);
  for (const line of readme.split('\n')) {
    const item = /^\s*-\s+(.*)$/.exec(line)?.[1];
    if (!item) continue;
    for (const [, name] of item.split(':')[0]!.matchAll(/`([\w./-]+\.\w+)`/g)) listed.add(name!);
  }
  return listed;
}

/** The files (paths relative to the folder) neither listed nor the unit test of a listed module. */
export function unlistedFiles(readme: string, files: readonly string[]): string[] {
  const listed = listedFiles(readme);
  const isListedTest = (file: string) =>
    /\.test\.ts$/.test(file) && listed.has(file.replace(/\.test\.ts$/, '.ts'));
  return files.filter((file) => !listed.has(file) && !isListedTest(file));
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const lib = fileURLToPath(new URL('../../functions/lib', import.meta.url));
  const unlisted = unlistedFiles(readFileSync(join(lib, 'README.md'), 'utf8'), filesUnder(lib));
  if (unlisted.length > 0) {
    console.error(
      `functions/lib holds only the adapters and HTTP modules its README lists; not listed:\n${unlisted
        .map((file) => `  functions/lib/${file}`)
        .join(
          '\n',
        )}\nMove domain rules and storage to functions/domains/<domain>, or list an adapter in functions/lib/README.md.`,
    );
    process.exit(1);
  }
}
