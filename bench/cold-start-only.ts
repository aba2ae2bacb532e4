/** `npx tsx bench/cold-start-only.ts`: only the cold-start section of the benchmark, printed. */
import { startBenchStack } from './bench-stack';
import { coldStartSection, measureColdStarts } from './cold-start';

const env = await startBenchStack();
try {
  const section = coldStartSection(await measureColdStarts(env));
  console.log(section.lines.join('\n'));
  console.table(section.summary);
} finally {
  await env.stop();
}
