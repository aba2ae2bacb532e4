/** `npx tsx bench/order-open-only.ts`: only the order-open section of the benchmark, printed. */
import { printSections } from './run-alone';
import { SECTIONS } from './sections';

printSections([await SECTIONS['order-open'].measure()]);
// The stopped stack's last handles (as in the other runners) must not keep the process alive.
process.exit(0);
