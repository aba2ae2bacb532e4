/** `npx tsx bench/page-bytes-only.ts`: only the gallery page bytes section of the benchmark, printed. */
import { printSections } from './run-alone';
import { SECTIONS } from './sections';

printSections([await SECTIONS['page-bytes'].measure()]);
process.exit(0);
