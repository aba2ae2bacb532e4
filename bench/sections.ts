/**
 * Every section of `npm run bench`, in report order, each measured on what it needs (a bench stack of
 * its own, or none). `npm run bench` runs each in a process of its own (bench/section-process.ts): the
 * functions' modules keep their clients and caches for the life of a process, as in Lambda, so a second
 * stack in the same process would be reached through the first one's endpoints.
 */
import { startBenchStack, type BenchStack } from './bench-stack';
import { coldStartSection, measureColdStarts } from './cold-start';
import { faceAccuracySection, measureFaceAccuracy } from './face-accuracy';
import { measureOrderOpen, orderOpenSection } from './order-open';
import { faceScaleSection, measureFaceScale } from './face-scale';
import { faceSelfieSection, measureFaceSelfie } from './face-selfie';
import { eventScaleSection, measureEventScale } from './event-scale/section';
import { gridPollBench } from './grid-poll';
import { lighthouseReport } from './lighthouse';
import { loadSection, measureLoad } from './load';
import { measurePageBytes, pageBytesSection } from './page-bytes';
import { measureResize, resizeSection } from './resize';
import { measureSpa, spaSection } from './spa-bundles';
import type { BenchSection } from './summary';
import { measureZip, zipSection } from './zip';
import { measureZipBrowser, zipBrowserSection } from './zip-browser';
import { measureStartUp, startUpSection } from './start-up/section';

async function onStack(
  measure: (env: BenchStack) => Promise<BenchSection>,
  options?: Parameters<typeof startBenchStack>[0],
): Promise<BenchSection> {
  const env = await startBenchStack(options);
  try {
    return await measure(env);
  } finally {
    await env.stop();
  }
}

export const SECTIONS = {
  spa: { title: 'Building the SPA', measure: async () => spaSection(await measureSpa()) },
  'cold-start': {
    title: 'Bundling the Lambda functions and measuring their cold starts',
    measure: () => onStack(async (env) => coldStartSection(await measureColdStarts(env))),
  },
  load: {
    title: 'Loading the public order call',
    measure: () => onStack(async (env) => loadSection(await measureLoad(env))),
  },
  resize: {
    title: 'Measuring the resize trigger (24 MP JPEGs)',
    measure: () => onStack(async (env) => resizeSection(await measureResize(env))),
  },
  lighthouse: {
    title: 'Running Lighthouse on the public pages (production build)',
    measure: () => onStack((env) => lighthouseReport(env, console.log)),
  },
  'grid-poll': {
    title: 'Measuring the seller grid while 50 photos process (headless Chromium)',
    measure: gridPollBench,
  },
  'page-bytes': {
    title: 'Measuring the gallery page bytes (50 photos; production build)',
    measure: () =>
      onStack(async (env) => pageBytesSection(await measurePageBytes(env)), {
        web: true,
        webServer: 'preview',
      }),
  },
  zip: {
    title: 'Measuring the gallery ZIP (50 and 300 photos of 8 MB)',
    measure: async () => zipSection(await measureZip()),
  },
  'zip-browser': {
    title: 'Measuring the gallery ZIP in headless Chromium (the order page, 50 and 300 photos of 8 MB)',
    measure: async () => zipBrowserSection(await measureZipBrowser()),
  },
  'face-accuracy': {
    title: 'Measuring selfie search accuracy (Face Research Lab London Set, composed group scenes)',
    measure: async () => faceAccuracySection(await measureFaceAccuracy()),
  },
  'face-scale': {
    title: 'Measuring selfie search at event scale (20,000 photos × 3 faces)',
    measure: async () => faceScaleSection(measureFaceScale()),
  },
  'face-selfie': {
    title: 'Measuring Find my photos in headless Chromium (selfie to results, demo public gallery)',
    measure: () =>
      onStack(async (env) => faceSelfieSection(await measureFaceSelfie(env)), {
        web: true,
        webServer: 'preview',
      }),
  },
  'order-open': {
    title: 'Counting the calls and human checks that open an order (headless Chromium, production build)',
    measure: () =>
      onStack(async (env) => orderOpenSection(await measureOrderOpen(env)), {
        web: true,
        webServer: 'preview',
      }),
  },
  'event-scale': {
    title:
      'Measuring a public gallery of 20,000 photos: first page, a phone scrolling, a crowd behind one address',
    measure: async () => eventScaleSection(await measureEventScale()),
  },
  'start-up': {
    title: 'Timing npm start on a fresh clone (first start and a later one)',
    measure: async () => startUpSection(await measureStartUp()),
  },
} satisfies Record<string, { title: string; measure: () => Promise<BenchSection> }>;

export type SectionName = keyof typeof SECTIONS;
export const SECTION_NAMES = Object.keys(SECTIONS) as SectionName[];
