/** `npx tsx bench/resize-only.ts`: only the resize section of the benchmark, printed. */
import { startTestStack } from '../test/support/local-stack';
import { measureResize, resizeSection } from './resize';

const env = await startTestStack();
try {
  console.log(resizeSection(await measureResize(env)).join('\n'));
} finally {
  await env.stop();
}
