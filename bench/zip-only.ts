/**
 * `npx tsx bench/zip-only.ts [node] [browser]`: only the gallery ZIP sections of the benchmark
 * (both without arguments), printed with their summary rows.
 */
import { type BenchSection, summaryTable } from './summary';
import { measureZip, zipSection } from './zip';
import { measureZipBrowser, zipBrowserSection } from './zip-browser';

const wanted = process.argv.slice(2);
const runs = (name: string) => wanted.length === 0 || wanted.includes(name);
const sections: BenchSection[] = [];
if (runs('node')) sections.push(zipSection(await measureZip()));
if (runs('browser')) sections.push(zipBrowserSection(await measureZipBrowser()));
console.log(
  [...summaryTable(sections.flatMap((s) => s.summary)), ...sections.flatMap((s) => s.lines)].join('\n'),
);
