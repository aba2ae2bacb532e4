/**
 * What each `bench/<section>-only.ts` runner shares: the section's summary rows and lines printed
 * as `npm run bench` writes them, measured on a bench stack of its own.
 */
import { startBenchStack, type BenchStack } from './bench-stack';
import { type BenchSection, summaryTable } from './summary';

export function printSections(sections: BenchSection[]): void {
  const summary = summaryTable(sections.flatMap((section) => section.summary));
  console.log([...summary, ...sections.flatMap((section) => section.lines)].join('\n'));
}

/** Measures one section on a fresh bench stack, prints it and stops the stack. */
export async function runAloneOnStack(
  measure: (env: BenchStack) => Promise<BenchSection>,
  options?: Parameters<typeof startBenchStack>[0],
): Promise<void> {
  const env = await startBenchStack(options);
  try {
    printSections([await measure(env)]);
  } finally {
    await env.stop();
  }
}
