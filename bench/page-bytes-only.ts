/** `npx tsx bench/page-bytes-only.ts`: only the gallery page bytes section of the benchmark, printed. */
import { startBenchStack } from './bench-stack';
import { measurePageBytes, pageBytesSection } from './page-bytes';

const env = await startBenchStack({ web: true, webServer: 'preview' });
try {
  const section = pageBytesSection(await measurePageBytes(env));
  console.log(section.lines.join('\n'));
  console.log(section.summary);
} finally {
  await env.stop();
}
