/** `npx tsx bench/event-scale-only.ts`: only the event-scale section of the benchmark, printed. */
import { eventScaleSection, measureEventScale } from './event-scale/section';
import { printSections } from './run-alone';

printSections([eventScaleSection(await measureEventScale())]);
