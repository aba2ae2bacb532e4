/**
 * Runs one Lighthouse navigation in its own process, against a Chromium the parent launched (its
 * DevTools port), so Lighthouse's trace processing does not share the event loop of the stack that
 * serves the page, and a hung run can be killed without killing the bench. Reads its job as JSON on
 * stdin, prints the page summary (bench/lighthouse/lighthouse-summary.ts) as JSON: the full result is megabytes.
 */
import { writeFile } from 'node:fs/promises';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';
// Lighthouse's own browser driver (its dependency): the page it audits, so the run can hold a hand-off.
import puppeteer from 'puppeteer-core';
import {
  CATEGORIES,
  summarizeLighthouse,
  type FormFactor,
  type LighthouseResultLike,
} from './lighthouse-summary';

interface Job {
  port: number;
  page: string;
  url: string;
  formFactor: FormFactor;
  /** Where to keep the full JSON result for a closer look (optional). */
  resultFile?: string;
  /**
   * An origin the page hands the visitor on to (the paid order's Stripe Checkout): navigations there
   * are answered 204 No Content, which leaves the page where it is, so the audit is of this page.
   */
  holdNavigationsTo?: string;
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
const browser = await puppeteer.connect({
  browserURL: `http://127.0.0.1:${job.port}`,
  defaultViewport: null,
});
const page = await browser.newPage();
if (job.holdNavigationsTo) {
  const session = await page.createCDPSession();
  session.on('Fetch.requestPaused', ({ requestId }) => {
    void session.send('Fetch.fulfillRequest', { requestId, responseCode: 204, body: '' });
  });
  await session.send('Fetch.enable', {
    patterns: [
      { urlPattern: `${job.holdNavigationsTo}/*`, resourceType: 'Document', requestStage: 'Request' },
    ],
  });
}
// Mobile is Lighthouse's default config (Moto G Power, slow 4G simulated); desktop is its own preset.
const runner = await lighthouse(
  job.url,
  flags,
  job.formFactor === 'desktop' ? desktopConfig : undefined,
  page,
);
await browser.disconnect();
if (!runner) throw new Error('Lighthouse returned no result');
if (job.resultFile) await writeFile(job.resultFile, JSON.stringify(runner.lhr));
process.stdout.write(
  JSON.stringify(
    // Lighthouse's own result type is wider than the few fields the summary reads (its `details` is a union).
    summarizeLighthouse(runner.lhr as unknown as LighthouseResultLike, {
      page: job.page,
      url: job.url,
      formFactor: job.formFactor,
    }),
  ),
);
