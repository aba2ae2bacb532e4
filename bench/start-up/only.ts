/** `npx tsx bench/start-up/only.ts`: only the start-up section of the benchmark, printed. */
import { printSections } from '../run-alone';
import { measureStartUp, startUpSection } from './section';

printSections([startUpSection(await measureStartUp())]);
process.exit(0);
