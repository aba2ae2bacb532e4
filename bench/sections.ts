/**
 * Every section of `npm run bench`, in report order, each in its folder of bench/ and measured on what
 * it needs (a bench stack of its own, or none). `npm run bench` runs each in a process of its own
 * (bench/section-process.ts): the functions' modules keep their clients and caches for the life of a
 * process, as in Lambda, so a second stack in the same process would be reached through the first
 * one's endpoints. A new section is a folder and one entry here.
 */
import { startBenchStack, type BenchStack } from '@shutterlane/harness/bench-stack';
import { coldStartSection, measureColdStarts } from './cold-start/cold-start';
import { faceAccuracySection, measureFaceAccuracy } from './face/face-accuracy';
import { measureOrderOpen, orderOpenSection } from './order-open/order-open';
import { faceScaleSection, measureFaceScale } from './face/face-scale';
import { faceSelfieSection, measureFaceSelfie } from './face/face-selfie';
import { eventScaleSection, measureEventScale } from './event-scale/section';
import { gridPollBench } from './grid-poll/grid-poll';
import { lighthouseAloneOptions } from './lighthouse/alone';
import { lighthouseReport } from './lighthouse/lighthouse';
import { loadSection, measureLoad } from './load/load';
import { measurePageBytes, pageBytesSection } from './page-bytes/page-bytes';
import { measureResize, resizeSection } from './resize/resize';
import { measureSpa, spaSection } from './bundles/spa-bundles';
import type { BenchSection } from './summary';
import { measureZip, zipSection } from './zip/zip';
import { measureZipBrowser, zipBrowserSection } from './zip/zip-browser';
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
  spa: { title: 'Building the SPA', folder: 'bundles', measure: async () => spaSection(await measureSpa()) },
  'cold-start': {
    folder: 'cold-start',
    title: 'Bundling the Lambda functions and measuring their cold starts',
    measure: () => onStack(async (env) => coldStartSection(await measureColdStarts(env))),
  },
  load: {
    folder: 'load',
    title: 'Loading the public order call',
    measure: () => onStack(async (env) => loadSection(await measureLoad(env))),
  },
  resize: {
    folder: 'resize',
    title: 'Measuring the resize trigger (24 MP JPEGs)',
    measure: () => onStack(async (env) => resizeSection(await measureResize(env))),
  },
  lighthouse: {
    folder: 'lighthouse',
    title: 'Running Lighthouse on the public pages (production build)',
    measure: ({ alone }) =>
      onStack(async (env) =>
        lighthouseReport(env, console.log, alone ? await lighthouseAloneOptions(console.log) : {}),
      ),
  },
  'grid-poll': {
    folder: 'grid-poll',
    title: 'Measuring the seller grid while 50 photos process (headless Chromium)',
    measure: gridPollBench,
  },
  'page-bytes': {
    folder: 'page-bytes',
    title: 'Measuring the gallery page bytes (50 photos; production build)',
    measure: () =>
      onStack(async (env) => pageBytesSection(await measurePageBytes(env)), {
        web: true,
        webServer: 'preview',
      }),
  },
  zip: {
    folder: 'zip',
    title: 'Measuring the gallery ZIP (50 and 300 photos of 8 MB)',
    measure: async () => zipSection(await measureZip()),
  },
  'zip-browser': {
    folder: 'zip',
    title: 'Measuring the gallery ZIP in headless Chromium (the order page, 50 and 300 photos of 8 MB)',
    measure: async () => zipBrowserSection(await measureZipBrowser()),
  },
  'face-accuracy': {
    folder: 'face',
    title: 'Measuring selfie search accuracy (Face Research Lab London Set, composed group scenes)',
    measure: async () => faceAccuracySection(await measureFaceAccuracy()),
  },
  'face-scale': {
    folder: 'face',
    title: 'Measuring selfie search at event scale (20,000 photos × 3 faces)',
    measure: async () => faceScaleSection(measureFaceScale()),
  },
  'face-selfie': {
    folder: 'face',
    title: 'Measuring Find my photos in headless Chromium (selfie to results, demo public gallery)',
    measure: () =>
      onStack(async (env) => faceSelfieSection(await measureFaceSelfie(env)), {
        web: true,
        webServer: 'preview',
      }),
  },
  'order-open': {
    folder: 'order-open',
    title: 'Counting the calls and human checks that open an order (headless Chromium, production build)',
    measure: () =>
      onStack(async (env) => orderOpenSection(await measureOrderOpen(env)), {
        web: true,
        webServer: 'preview',
      }),
  },
  'event-scale': {
    folder: 'event-scale',
    title:
      'Measuring a public gallery of 20,000 photos: first page, a phone scrolling, a crowd behind one address',
    measure: async () => eventScaleSection(await measureEventScale()),
  },
  'start-up': {
    title: 'Timing npm start on a fresh clone (first start and a later one)',
    folder: 'start-up',
    measure: async () => startUpSection(await measureStartUp()),
  },
} satisfies Record<string, BenchSectionDefinition>;

export interface BenchSectionDefinition {
  title: string;
  /** Its folder in bench/: `npm run bench -- <folder>` runs every section of the folder. */
  folder: string;
  /** `alone`: run by name (`npm run bench -- <section>`), not for the report; a section may show more. */
  measure: (run: { alone: boolean }) => Promise<BenchSection>;
}

export type SectionName = keyof typeof SECTIONS;
export const SECTION_NAMES = Object.keys(SECTIONS) as SectionName[];

export const isSectionName = (name: string): name is SectionName =>
  SECTION_NAMES.includes(name as SectionName);

/** The sections `wanted` names, by section or by folder, in report order; every section when none. */
export function selectSections(wanted: readonly string[]): SectionName[] {
  const named = (name: SectionName) => wanted.includes(name) || wanted.includes(SECTIONS[name].folder);
  const unknown = wanted.filter(
    (word) => !isSectionName(word) && !SECTION_NAMES.some((name) => SECTIONS[name].folder === word),
  );
  if (unknown.length > 0)
    throw new Error(
      `No bench section or folder named ${unknown.join(', ')}. Sections: ${SECTION_NAMES.join(', ')}; folders: ${[...new Set(SECTION_NAMES.map((name) => SECTIONS[name].folder))].join(', ')}.`,
    );
  return wanted.length === 0 ? SECTION_NAMES : SECTION_NAMES.filter(named);
}
