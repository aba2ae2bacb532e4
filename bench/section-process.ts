/**
 * `tsx bench/section-process.ts <section> <out.json> [alone]`: measures one section of the benchmark
 * (bench/sections.ts) in this process and writes it as JSON for bench/run.ts to collect; `alone` when
 * it was named (`npm run bench -- <section>`) rather than run for the report.
 */
import { writeFile } from 'node:fs/promises';
import { isSectionName, SECTIONS, SECTION_NAMES } from './sections';

const [name, out, mode] = process.argv.slice(2);
if (!name || !isSectionName(name) || !out)
  throw new Error(`Usage: section-process.ts <${SECTION_NAMES.join('|')}> <out.json> [alone]`);
const section = await SECTIONS[name].measure({ alone: mode === 'alone' });
await writeFile(out, JSON.stringify(section));
// Stacks and browsers are stopped; a stray keep-alive socket must not hold the parent waiting.
process.exit(0);
