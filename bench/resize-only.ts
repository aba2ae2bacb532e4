/** `npx tsx bench/resize-only.ts`: only the resize section of the benchmark, printed. */
import { measureResize, resizeSection } from './resize';
import { runAloneOnStack } from './run-alone';

await runAloneOnStack(async (env) => resizeSection(await measureResize(env)));
