/** `npx tsx bench/load-only.ts`: only the order-call load section of the benchmark, printed. */
import { loadSection, measureLoad } from './load';
import { runAloneOnStack } from './run-alone';

await runAloneOnStack(async (env) => loadSection(await measureLoad(env)));
