/** `npx tsx bench/grid-poll-only.ts`: only the seller grid section of the benchmark, printed. */
import { gridPollBench } from './grid-poll';

const section = await gridPollBench();
console.log(section.lines.join('\n'));
console.table(section.summary);
