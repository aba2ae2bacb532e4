/**
 * `npm run bench`: measures and writes bench/report.md (regenerated on each run; the committed
 * bench/report-format.md describes it). Targets are aims, not test assertions.
 */
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import { startBenchStack } from './bench-stack';
import { measureBundles } from './lambda-bundles';
import { lighthouseReportLines } from './lighthouse';
import { measureLoad } from './load';
import { measureSpa } from './spa-bundles';
import { measureResize, resizeSection } from './resize';
import { measureZip, zipSection } from './zip';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
const mark = (ok: boolean) => (ok ? 'met' : 'NOT met');

async function main(): Promise<void> {
  const lines: string[] = [
    '# Shutterlane benchmark report',
    '',
    `Generated ${new Date().toISOString()} on ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}.`,
    '',
  ];

  console.log('Bundling the Lambda functions...');
  const lambdas = await measureBundles();
  lines.push(
    '## Lambda bundles',
    '',
    `Empty \`node\` start: ${lambdas.emptyNodeMs.toFixed(1)} ms (median). Target: whole-process import under 2x that.`,
    '',
    '| function | bundle | import (whole process) | vs empty node | target |',
    '|---|---:|---:|---:|---|',
    ...lambdas.bundles.map(
      (b) =>
        `| ${b.name} | ${kb(b.bytes)} | ${b.importMs.toFixed(1)} ms | ${ratio(b.importMs, lambdas.emptyNodeMs)} | ${mark(b.importMs < 2 * lambdas.emptyNodeMs)} |`,
    ),
    '',
  );

  console.log('Building the SPA...');
  const spa = await measureSpa();
  lines.push(
    '## SPA initial JavaScript (gzip)',
    '',
    `Entry chunk and its static imports: ${kb(spa.entryGzipBytes)}. Per route: entry plus the route's lazy chunk.`,
    'Target: customer routes (`/orders/*`, `/checkout/*`) under 90 KB.',
    '',
    '| route module | customer route | initial JS | target |',
    '|---|---|---:|---|',
    ...spa.routes.map(
      (r) =>
        `| ${r.route} | ${r.customer ? 'yes' : 'no'} | ${kb(r.gzipBytes)} | ${r.customer ? mark(r.gzipBytes < 90 * 1024) : '-'} |`,
    ),
    '',
  );

  console.log('Starting the local stack for the load test...');
  const env = await startBenchStack();
  try {
    const load = await measureLoad(env);
    lines.push(
      '## Public order call under load (loopback, autocannon)',
      '',
      'Each request carries a fresh captcha token (tokens are good once), so the call includes a siteverify',
      "round trip to the stub, a GetItem and the thumbnail signatures. Target: at least 0.8x dynalite's GetItem rate.",
      'The stack runs as deployed: the function in its own worker threads with its own credentials, each of its',
      'DynamoDB calls signature- and IAM-checked by the stand-in (the GetItem baseline too), in one process with the',
      "gateway, the captcha stub and dynalite; each order call makes three loopback HTTP exchanges to the baseline's one.",
      'The load generator runs in a child process.',
      '',
      '| target | connections | requests | req/s | p50 ms | p99 ms | non-2xx |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...load.map(
        (l) =>
          `| ${l.target} | ${l.connections} | ${l.requests} | ${l.rps.toFixed(0)} | ${l.p50} | ${l.p99} | ${l.non2xx} |`,
      ),
      '',
    );
    for (const connections of [10, 50]) {
      const [dyn, api] = load.filter((l) => l.connections === connections);
      if (dyn && api) {
        lines.push(
          `- ${connections} connections: ${ratio(api.rps, dyn.rps)} of GetItem (${mark(api.rps >= 0.8 * dyn.rps)}).`,
        );
      }
    }
    lines.push('');
    console.log('Measuring the resize trigger (24 MP JPEGs)...');
    lines.push(...resizeSection(await measureResize(env)));
    console.log('Running Lighthouse on the home page and an article (production build)...');
    lines.push(...(await lighthouseReportLines(env, console.log)));
  } finally {
    await env.stop();
  }

  console.log('Measuring the gallery ZIP (50 and 300 photos of 8 MB)...');
  lines.push(...zipSection(await measureZip()));

  await writeFile('bench/report.md', `${lines.join('\n')}\n`);
  console.log(lines.join('\n'));
  console.log('Written to bench/report.md');
}

await main();
