/**
 * `npx tsx bench/zip-only.ts [node] [browser]`: only the gallery ZIP sections of the benchmark
 * (both without arguments), printed with their summary rows.
 */
import { printSections } from './run-alone';
import type { BenchSection } from './summary';
import { measureZip, zipSection } from './zip/zip';
import { measureZipBrowser, zipBrowserSection } from './zip/zip-browser';

const wanted = process.argv.slice(2);
const runs = (name: string) => wanted.length === 0 || wanted.includes(name);
const sections: BenchSection[] = [];
if (runs('node')) sections.push(zipSection(await measureZip()));
if (runs('browser')) sections.push(zipBrowserSection(await measureZipBrowser()));
printSections(sections);
