/** `npx tsx bench/zip-only.ts [node|browser]`: only the gallery ZIP sections of the benchmark, printed. */
import { summaryTable } from './summary';
import { measureZip, zipSection } from './zip';

const section = zipSection(await measureZip());
console.log([...summaryTable(section.summary), ...section.lines].join('\n'));
