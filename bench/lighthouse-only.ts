/**
 * `npx tsx bench/lighthouse-only.ts`: only the Lighthouse section of the benchmark, printed, with
 * each run's full JSON result kept in a temporary directory (open it in the Lighthouse viewer).
 * LIGHTHOUSE_PAGES=Home,Article and LIGHTHOUSE_FORM_FACTORS=mobile narrow it while working on a page.
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startBenchStack } from './bench-stack';
import { measureLighthouse } from './lighthouse';
import { lighthouseSection, type FormFactor } from './lighthouse-summary';

const resultsDir = await mkdtemp(path.join(os.tmpdir(), 'shutterlane-lighthouse-results-'));
const env = await startBenchStack();
try {
  const { outcomes, setup } = await measureLighthouse(env, {
    resultsDir,
    log: console.log,
    pages: process.env.LIGHTHOUSE_PAGES?.split(','),
    formFactors: process.env.LIGHTHOUSE_FORM_FACTORS?.split(',') as FormFactor[] | undefined,
  });
  console.log(lighthouseSection(outcomes, setup).join('\n'));
  console.log(`Full results: ${resultsDir}`);
} finally {
  await env.stop();
}
