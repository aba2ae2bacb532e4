/**
 * What each `bench/<section>-only.ts` runner shares: the section's summary rows and lines printed
 * as `npm run bench` writes them (each section measured as bench/sections.ts says).
 */
import { type BenchSection, summaryTable } from './summary';

export function printSections(sections: BenchSection[]): void {
  const summary = summaryTable(sections.flatMap((section) => section.summary));
  console.log([...summary, ...sections.flatMap((section) => section.lines)].join('\n'));
}
