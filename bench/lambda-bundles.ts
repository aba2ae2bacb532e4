/**
 * Each Lambda bundle built as the CDK builds it (esbuild, ESM, minified, SDK bundled), its size, and
 * the time a whole `node` process takes to import it beside an empty `node` start.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { ROUTE_GROUPS } from '#shared/routes';
import { type BenchSection, verdict } from './summary';

const BANNER = "import{createRequire}from'module';const require=createRequire(import.meta.url);";
const RUNS = 15;

export interface BundleResult {
  name: string;
  bytes: number;
  importMs: number;
}

function medianProcessMs(args: string[]): number {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = process.hrtime.bigint();
    execFileSync(process.execPath, args, { stdio: 'ignore' });
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

async function bundle(entry: string, outDir: string, name: string): Promise<string> {
  const outfile = path.join(outDir, name, 'index.mjs');
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    mainFields: ['module', 'main'],
    banner: { js: BANNER },
    minify: true,
    external: ['sharp'],
    logLevel: 'error',
  });
  return outfile;
}

export async function measureBundles(): Promise<{ emptyNodeMs: number; bundles: BundleResult[] }> {
  // Inside the repo so the resize bundle resolves its external `sharp` as it does beside node_modules in Lambda.
  const outDir = path.resolve('node_modules/.cache/shutterlane-bench');
  await mkdir(outDir, { recursive: true });
  const emptyNodeMs = medianProcessMs(['-e', '']);
  const bundles: BundleResult[] = [];
  for (const name of [...ROUTE_GROUPS, 'resize']) {
    const file = await bundle(path.resolve(`functions/${name}/index.ts`), outDir, name);
    const importMs = medianProcessMs(['--input-type=module', '-e', `await import(${JSON.stringify(file)})`]);
    bundles.push({ name, bytes: (await stat(file)).size, importMs });
  }
  return { emptyNodeMs, bundles };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The report's section on the Lambda bundles and their summary rows. */
export function bundlesSection({
  emptyNodeMs,
  bundles,
}: Awaited<ReturnType<typeof measureBundles>>): BenchSection {
  const ratio = (ms: number) => ms / emptyNodeMs;
  const lines = [
    '## Lambda bundles',
    '',
    `Empty \`node\` start: ${emptyNodeMs.toFixed(1)} ms (median). Target: whole-process import under 2x that.`,
    '',
    '| function | bundle | import (whole process) | vs empty node | target |',
    '|---|---:|---:|---:|---|',
    ...bundles.map(
      (b) =>
        `| ${b.name} | ${kb(b.bytes)} | ${b.importMs.toFixed(1)} ms | ${ratio(b.importMs).toFixed(2)}x | ${verdict(ratio(b.importMs) < 2)} |`,
    ),
    '',
  ];
  const summary = bundles.map((b) => ({
    figure: `${b.name} import vs empty node`,
    target: '< 2x',
    now: `${ratio(b.importMs).toFixed(2)}x`,
    met: ratio(b.importMs) < 2,
  }));
  return { lines, summary };
}
