/** `npx tsx bench/load-only.ts`: only the order-call load section of the benchmark, printed. */
import { startBenchStack } from './bench-stack';
import { loadSection, measureLoad } from './load';

const env = await startBenchStack();
try {
  const section = loadSection(await measureLoad(env));
  console.log(section.lines.join('\n'));
  console.table(section.summary);
} finally {
  await env.stop();
}
