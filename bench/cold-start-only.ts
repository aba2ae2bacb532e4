/** `npx tsx bench/cold-start-only.ts`: only the cold-start section of the benchmark, printed. */
import { printSections } from './run-alone';
import { SECTIONS } from './sections';

printSections([await SECTIONS['cold-start'].measure()]);
process.exit(0);
