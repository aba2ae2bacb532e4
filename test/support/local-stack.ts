/**
 * Starts the whole local stack for a test file on free ports with a throw-away data directory, and
 * seeds the demo data through the same path `npm start` uses.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { LOCAL_SECRETS, type LocalPorts } from '../../local/config';
import { demoFile, type DemoFile } from '../../local/seed/demo-file';
import { ensureSeed } from '../../local/seed/seed';
import { startLocalStack, type LocalStack } from '../../local/stack';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function freePorts(): Promise<LocalPorts> {
  const names = [
    'app',
    'gateway',
    'dynamo',
    's3',
    'cognito',
    'stripe',
    'captcha',
    'mail',
    'content',
  ] as const;
  const ports = await Promise.all(names.map(() => freePort()));
  return Object.fromEntries(names.map((name, i) => [name, ports[i]])) as LocalPorts;
}

export interface TestStack {
  stack: LocalStack;
  demo: DemoFile;
  dataDir: string;
  stop(): Promise<void>;
}

export async function startTestStack(
  options: { web?: boolean; webEnv?: Record<string, string> } = {},
): Promise<TestStack> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shutterlane-test-'));
  const stack = await startLocalStack({
    ports: await freePorts(),
    dataDir,
    web: options.web ?? false,
    webEnv: options.webEnv,
  });
  try {
    const { seed } = await ensureSeed(dataDir, {
      cognito: { url: stack.urls.cognito, userPoolId: stack.cognito.userPoolId },
      stripeUrl: stack.urls.stripe,
    });
    return {
      stack,
      demo: demoFile(seed, stack.urls),
      dataDir,
      stop: async () => {
        await stack.stop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await stack.stop();
    throw error;
  }
}

/** A fresh reCAPTCHA token from the stub, as the page script would get one on `hostname`. */
export async function captchaToken(
  captchaUrl: string,
  action: string,
  hostname = 'localhost',
): Promise<string> {
  const response = await fetch(`${captchaUrl}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ siteKey: LOCAL_SECRETS.captchaSiteKey, action, hostname }),
  });
  if (!response.ok) throw new Error(`captcha stub answered ${response.status}`);
  const body = (await response.json()) as { token: string };
  return body.token;
}
