/**
 * The Lighthouse section run on its own (`npm run bench -- lighthouse`): each run's full JSON result is
 * kept in a temporary directory (open it in the Lighthouse viewer), and these narrow it while working
 * on a page: LIGHTHOUSE_PAGES=Home,Article, LIGHTHOUSE_FORM_FACTORS=mobile, LIGHTHOUSE_RUNS=1;
 * LIGHTHOUSE_CAPTCHA=stub loads the light captcha stub (a diagnosis: what the real script's weight
 * costs). None of them applies when the section runs for the report (`npm run bench`).
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LighthouseOptions } from './lighthouse';
import type { FormFactor } from './lighthouse-summary';

export async function lighthouseAloneOptions(log: (line: string) => void): Promise<LighthouseOptions> {
  const resultsDir = await mkdtemp(path.join(os.tmpdir(), 'shutterlane-lighthouse-results-'));
  log(`Full results: ${resultsDir}`);
  return {
    resultsDir,
    pages: process.env.LIGHTHOUSE_PAGES?.split(','),
    formFactors: process.env.LIGHTHOUSE_FORM_FACTORS?.split(',') as FormFactor[] | undefined,
    ...(process.env.LIGHTHOUSE_RUNS && { mobileRuns: Number(process.env.LIGHTHOUSE_RUNS) }),
    lightCaptcha: process.env.LIGHTHOUSE_CAPTCHA === 'stub',
  };
}
