/** `npx tsx bench/resize-only.ts`: only the resize section of the benchmark, printed. */
import { startBenchStack } from './bench-stack';
import { measureResize, resizeSection } from './resize';

const env = await startBenchStack();
try {
  console.log(resizeSection(await measureResize(env)).join('\n'));
} finally {
  await env.stop();
}
