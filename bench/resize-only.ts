/** `npx tsx bench/resize-only.ts`: only the resize section of the benchmark, printed. */
import { startBenchStack } from './bench-stack';
import { measureResize, resizeSection } from './resize';

const env = await startBenchStack();
try {
  const section = resizeSection(await measureResize(env));
  console.log(section.lines.join('\n'));
  console.log(section.summary);
} finally {
  await env.stop();
}
