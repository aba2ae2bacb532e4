/**
 * The bench's one runner.
 * - `npm run bench`: measures every section and writes bench/report.md (regenerated on each run; the
 *   committed bench/report-format.md describes it). Targets are aims, not test assertions. The report
 *   opens with one summary table, a row per target, collected from the sections below it.
 * - `npm run bench -- <section or folder>...`: only those sections (`npm run bench -- face` runs the
 *   three of bench/face/), printed with their summary rows as the report would show them; the report is
 *   left as it is.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SECTIONS, selectSections, type SectionName } from './sections';
import { type BenchSection, summaryTable } from './summary';

/** Runs one section in a process of its own (bench/sections.ts says why); its output shows as it runs. */
function runSection(name: SectionName, out: string, alone: boolean): Promise<void> {
  const args = ['tsx', 'bench/section-process.ts', name, out, ...(alone ? ['alone'] : [])];
  return new Promise((resolve, reject) => {
    const child = spawn('npx', args, { stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the ${name} section exited with ${code}`)),
    );
  });
}

/** A section that failed still has its place in the report, and a missed row in the summary. */
const failedSection = (name: SectionName, error: unknown): BenchSection => ({
  lines: [`## ${SECTIONS[name].title}: FAILED`, '', `${String(error)}; its output is above in the log.`, ''],
  summary: [{ figure: `${SECTIONS[name].title}`, target: 'measured', now: 'failed', met: false }],
});

async function measureSections(names: readonly SectionName[], alone: boolean): Promise<BenchSection[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'shutterlane-bench-sections-'));
  try {
    const sections: BenchSection[] = [];
    for (const name of names) {
      console.log(`${SECTIONS[name].title}...`);
      const out = path.join(dir, `${name}.json`);
      try {
        await runSection(name, out, alone);
        sections.push(JSON.parse(await readFile(out, 'utf8')) as BenchSection);
      } catch (error) {
        console.error(error);
        process.exitCode = 1;
        sections.push(failedSection(name, error));
      }
    }
    return sections;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const reportLines = (sections: BenchSection[]) => [
  ...summaryTable(sections.flatMap((section) => section.summary)),
  ...sections.flatMap((section) => section.lines),
];

async function main(wanted: readonly string[]): Promise<void> {
  const names = selectSections(wanted);
  const alone = wanted.length > 0;
  const sections = await measureSections(names, alone);
  if (alone) {
    console.log(reportLines(sections).join('\n'));
    return;
  }
  const lines = [
    '# Shutterlane benchmark report',
    '',
    `Generated ${new Date().toISOString()} on ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}.`,
    '',
    ...reportLines(sections),
  ];
  await writeFile('bench/report.md', `${lines.join('\n')}\n`);
  console.log(lines.join('\n'));
  console.log('Written to bench/report.md');
}

await main(process.argv.slice(2));
