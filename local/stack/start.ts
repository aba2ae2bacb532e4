/**
 * `npm start`: the whole product on this machine with demo data, in one process. Prints the links
 * to open; Ctrl-C stops every part. A taken port is reported in one line.
 *
 * The web app is a production build, as a deployment ships it: the seller app's manifest, icons and
 * service worker exist only in a build, and a user tries the installable, offline seller app here
 * first. `npm run dev` (`--dev`) serves the Vite dev server instead, with hot reload and no worker.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { OPERATOR_ENV_FILE } from '../../ops/local-stack-env';
import { DATA_DIR, localPorts } from './config';
import { startLocalStack, type LocalStack } from './stack';
import { PortInUseError } from '@shutterlane/aws-standins/http/ports';
import { demoFile, writeDemoFile } from './seed/demo-file';
import { ensureSeed } from './seed/seed';

// From this process's own start, so the time spent loading the modules counts.
const started = Date.now() - process.uptime() * 1000;
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

function printLinks(demo: ReturnType<typeof demoFile>): void {
  const lines = [
    '',
    `Shutterlane is running (ready in ${elapsed()}).`,
    '',
    `  Web app        ${demo.appUrl}`,
    `  API            ${demo.apiUrl}`,
    `  Mailbox        ${demo.mailboxUrl}`,
    '',
    '  Demo orders (what a customer opens from a QR code):',
    `    free         ${demo.orders.free.url}`,
    `    paid         ${demo.orders.paid.url}`,
    `    expired      ${demo.orders.expired.url}`,
    `    fulfilled    ${demo.orders.fulfilled.url}`,
    '',
    ...(demo.publicGallery
      ? [
          '  Public gallery (Find my photos: try the selfie below)',
          `    gallery      ${demo.publicGallery.url}`,
          `    selfie       ${demo.publicGallery.selfie}`,
          '',
        ]
      : []),
    `  Demo seller    ${demo.seller.email} / ${demo.seller.password}`,
    `  Invite code    ${demo.inviteCode}`,
    '',
    `  Links saved to .data/demo.json. Press Ctrl-C to stop.`,
    '',
  ];
  console.log(lines.join('\n'));
}

async function main(): Promise<void> {
  let stack: LocalStack | undefined;
  const shutdown = async (signal: string) => {
    console.log(`\n${signal}: stopping Shutterlane...`);
    await stack?.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  console.log(`  ✓ Modules loaded (${elapsed()})`);
  try {
    stack = await startLocalStack({
      ports: localPorts(),
      dataDir: DATA_DIR,
      web: true,
      webServer: process.argv.includes('--dev') ? 'dev' : 'preview',
      // As deployed: the balance watch and the access reminders run every hour.
      schedules: 'real-time',
      log: (line) => console.log(`  ✓ ${line} (${elapsed()})`),
    });
    const { seed, created } = await ensureSeed(DATA_DIR, {
      cognito: { url: stack.urls.cognito, userPoolId: stack.cognito.userPoolId },
      stripeUrl: stack.urls.stripe,
    });
    console.log(`  ✓ Demo data ${created ? 'created' : 'kept from an earlier start'} (${elapsed()})`);
    const demo = demoFile(seed, stack.urls);
    await writeDemoFile(DATA_DIR, demo);
    // `npm run invite` finds this run's tables and endpoints here.
    await writeFile(
      path.join(DATA_DIR, OPERATOR_ENV_FILE),
      `${JSON.stringify(stack.operatorEnv, null, 2)}\n`,
    );
    printLinks(demo);
  } catch (error) {
    await stack?.stop();
    if (error instanceof PortInUseError) {
      console.error(`Error: ${error.message}`);
    } else {
      console.error('Shutterlane could not start:', error instanceof Error ? error.message : error);
      if (process.env.DEBUG) console.error(error);
    }
    process.exit(1);
  }
}

void main();
