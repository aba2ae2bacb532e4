/**
 * `npx tsx bench/lighthouse-only.ts`: only the Lighthouse section of the benchmark, printed, with
 * each run's full JSON result kept in a temporary directory (open it in the Lighthouse viewer).
 * LIGHTHOUSE_PAGES=Home,Article, LIGHTHOUSE_FORM_FACTORS=mobile and LIGHTHOUSE_RUNS=1 narrow it while
 * working on a page; LIGHTHOUSE_CAPTCHA=stub loads the light captcha stub (a diagnosis: what the
 * real script's weight costs), never in the report.
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startBenchStack } from '@shutterlane/harness/bench-stack';
import { measureLighthouse } from './lighthouse';
import { lighthouseBenchSection, type FormFactor } from './lighthouse-summary';
import { summaryTable } from './summary';

const resultsDir = await mkdtemp(path.join(os.tmpdir(), 'shutterlane-lighthouse-results-'));
const env = await startBenchStack();
try {
  const { outcomes, setup, remedies } = await measureLighthouse(env, {
    resultsDir,
    log: console.log,
    pages: process.env.LIGHTHOUSE_PAGES?.split(','),
    formFactors: process.env.LIGHTHOUSE_FORM_FACTORS?.split(',') as FormFactor[] | undefined,
    ...(process.env.LIGHTHOUSE_RUNS && { mobileRuns: Number(process.env.LIGHTHOUSE_RUNS) }),
    lightCaptcha: process.env.LIGHTHOUSE_CAPTCHA === 'stub',
  });
  const section = lighthouseBenchSection(outcomes, setup, remedies);
  console.log([...summaryTable(section.summary), ...section.lines].join('\n'));
  console.log(`Full results: ${resultsDir}`);
} finally {
  await env.stop();
}
