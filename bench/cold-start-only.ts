/** `npx tsx bench/cold-start-only.ts`: only the cold-start section of the benchmark, printed. */
import { coldStartSection, measureColdStarts } from './cold-start';
import { runAloneOnStack } from './run-alone';

await runAloneOnStack(async (env) => coldStartSection(await measureColdStarts(env)));
