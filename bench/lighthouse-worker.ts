/**
 * Runs one Lighthouse navigation in its own process, against a Chromium the parent launched (its
 * DevTools port), so Lighthouse's trace processing does not share the event loop of the stack that
 * serves the page, and a hung run can be killed without killing the bench. Reads its job as JSON on
 * stdin, prints the page summary (bench/lighthouse-summary.ts) as JSON: the full result is megabytes.
 */
import { writeFile } from 'node:fs/promises';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';
import { CATEGORIES, summarizeLighthouse, type FormFactor } from './lighthouse-summary';

interface Job {
  port: number;
  page: string;
  url: string;
  formFactor: FormFactor;
  /** Where to keep the full JSON result for a closer look (optional). */
  resultFile?: string;
}

const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const job = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Job;

const flags: Flags = {
  port: job.port,
  output: 'json',
  logLevel: 'error',
  onlyCategories: [...CATEGORIES],
  // Lighthouse's defaults wait 45 s for load; a local page that needs more than this is broken anyway.
  maxWaitForLoad: 30_000,
  maxWaitForFcp: 20_000,
};
// Mobile is Lighthouse's default config (Moto G Power, slow 4G simulated); desktop is its own preset.
const runner = await lighthouse(job.url, flags, job.formFactor === 'desktop' ? desktopConfig : undefined);
if (!runner) throw new Error('Lighthouse returned no result');
if (job.resultFile) await writeFile(job.resultFile, JSON.stringify(runner.lhr));
process.stdout.write(
  JSON.stringify(
    summarizeLighthouse(runner.lhr, { page: job.page, url: job.url, formFactor: job.formFactor }),
  ),
);
