/** `npx tsx bench/resize-only.ts`: only the resize section of the benchmark, printed. */
import { printSections } from './run-alone';
import { SECTIONS } from './sections';

printSections([await SECTIONS['resize'].measure()]);
process.exit(0);
