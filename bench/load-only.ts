/** `npx tsx bench/load-only.ts`: only the order-call load section of the benchmark, printed. */
import { printSections } from './run-alone';
import { SECTIONS } from './sections';

printSections([await SECTIONS['load'].measure()]);
process.exit(0);
