/** `npx tsx bench/page-bytes-only.ts`: only the gallery page bytes section of the benchmark, printed. */
import { measurePageBytes, pageBytesSection } from './page-bytes';
import { runAloneOnStack } from './run-alone';

await runAloneOnStack(async (env) => pageBytesSection(await measurePageBytes(env)), {
  web: true,
  webServer: 'preview',
});
