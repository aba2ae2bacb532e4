/** `npx tsx bench/grid-poll-only.ts`: only the seller grid section of the benchmark, printed. */
import { gridPollBench } from './grid-poll/grid-poll';
import { printSections } from './run-alone';

printSections([await gridPollBench()]);
