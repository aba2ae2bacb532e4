/**
 * `npm run bench`: measures and writes bench/report.md (regenerated on each run; the committed
 * bench/report-format.md describes it). Targets are aims, not test assertions. The report opens
 * with one summary table, a row per target, collected from the sections below it.
 */
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import { startBenchStack } from './bench-stack';
import { coldStartSection, measureColdStarts } from './cold-start';
import { gridPollBench } from './grid-poll';
import { lighthouseReport } from './lighthouse';
import { loadSection, measureLoad } from './load';
import { measurePageBytes, pageBytesSection } from './page-bytes';
import { measureResize, resizeSection } from './resize';
import { measureSpa, spaSection } from './spa-bundles';
import { type BenchSection, summaryTable } from './summary';
import { measureZip, zipSection } from './zip';
import { measureZipBrowser, zipBrowserSection } from './zip-browser';

async function measureSections(): Promise<BenchSection[]> {
  const sections: BenchSection[] = [];
  console.log('Building the SPA...');
  sections.push(spaSection(await measureSpa()));

  console.log('Starting the local stack for the load test...');
  const env = await startBenchStack();
  try {
    console.log('Bundling the Lambda functions and measuring their cold starts...');
    sections.push(coldStartSection(await measureColdStarts(env)));
    sections.push(loadSection(await measureLoad(env)));
    console.log('Measuring the resize trigger (24 MP JPEGs)...');
    sections.push(resizeSection(await measureResize(env)));
    console.log('Running Lighthouse on the public pages (production build)...');
    sections.push(await lighthouseReport(env, console.log));
  } finally {
    await env.stop();
  }
  console.log('Measuring the seller grid while 50 photos process (headless Chromium)...');
  sections.push(await gridPollBench());

  console.log('Measuring the gallery page bytes (50 photos, WebP vs JPEG; production build)...');
  const webStack = await startBenchStack({ web: true, webServer: 'preview' });
  try {
    sections.push(pageBytesSection(await measurePageBytes(webStack)));
  } finally {
    await webStack.stop();
  }

  console.log('Measuring the gallery ZIP (50 and 300 photos of 8 MB)...');
  sections.push(zipSection(await measureZip()));
  console.log(
    'Measuring the gallery ZIP in headless Chromium (the order page, 50 and 300 photos of 8 MB)...',
  );
  sections.push(zipBrowserSection(await measureZipBrowser()));
  return sections;
}

async function main(): Promise<void> {
  const sections = await measureSections();
  const lines = [
    '# Shutterlane benchmark report',
    '',
    `Generated ${new Date().toISOString()} on ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}.`,
    '',
    ...summaryTable(sections.flatMap((section) => section.summary)),
    ...sections.flatMap((section) => section.lines),
  ];
  await writeFile('bench/report.md', `${lines.join('\n')}\n`);
  console.log(lines.join('\n'));
  console.log('Written to bench/report.md');
}

await main();
