/**
 * `tsx bench/section-process.ts <section> <out.json>`: measures one section of the benchmark
 * (bench/sections.ts) in this process and writes it as JSON for `npm run bench` to collect.
 */
import { writeFile } from 'node:fs/promises';
import { SECTIONS, SECTION_NAMES, type SectionName } from './sections';

const [name, out] = process.argv.slice(2);
if (!SECTION_NAMES.includes(name as SectionName) || !out)
  throw new Error(`Usage: section-process.ts <${SECTION_NAMES.join('|')}> <out.json>`);
const section = await SECTIONS[name as SectionName].measure();
await writeFile(out, JSON.stringify(section));
// Stacks and browsers are stopped; a stray keep-alive socket must not hold the parent waiting.
process.exit(0);
