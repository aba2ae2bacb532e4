/**
 * One `npm start` in a checkout, as a user runs it: timed from spawning it to the printed links, each
 * phase's time read from the lines it prints (`✓ <part> (<seconds> s)`), every printed link fetched, then
 * stopped with Ctrl-C (SIGINT to its process group).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { freePort } from '@shutterlane/harness/free-port';
import { LOCAL_PORT_SETTINGS } from '@shutterlane/local-stack/config';

const READY = /Shutterlane is running/;
const PHASE = /✓ (.+?) \((\d+(?:\.\d+)?) s\)/g;
const LINK = /(https?:\/\/\S+)/g;
const START_TIMEOUT_MS = 300_000;

export interface StartRun {
  /** From spawning `npm start` to its printed links, in seconds. */
  wallSeconds: number;
  /** Each part's line and when it printed (seconds since the process started). */
  phases: { name: string; seconds: number }[];
  /** Each printed link and the status it answered. */
  links: { url: string; status: number }[];
}

/**
 * Free ports for every local service, as the environment variables `npm start` reads. A round's two starts
 * share them, as a user's starts share their settings: the web app's build names the captcha's and the
 * content API's ports, so other ports would rebuild it on the later start, which a user's does not.
 */
export async function portEnvironment(): Promise<Record<string, string>> {
  const names = Object.values(LOCAL_PORT_SETTINGS).map(([name]) => name);
  const ports = await Promise.all(names.map(() => freePort()));
  return Object.fromEntries(names.map((name, i) => [name, String(ports[i])]));
}

function untilReady(child: ChildProcess): Promise<string> {
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`npm start was not ready in time:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (READY.test(output) && output.includes('Press Ctrl-C')) {
        clearTimeout(timer);
        resolve(output);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited (${code}) before it was ready:\n${output.slice(-4000)}`));
    });
  });
}

/** Ctrl-C to the whole process group (npm, tsx, the stack), as a user stops it; killed if it hangs. */
async function interrupt(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const group = -child.pid!;
  const exited = once(child, 'exit');
  process.kill(group, 'SIGINT');
  const stuck = setTimeout(() => process.kill(group, 'SIGKILL'), 30_000);
  try {
    await exited;
  } finally {
    clearTimeout(stuck);
  }
}

/** The links after the ready line, each fetched (a link that fails to answer counts as status 0). */
async function checkLinks(output: string): Promise<StartRun['links']> {
  const printed = output.slice(output.search(READY));
  const urls = [...new Set([...printed.matchAll(LINK)].map((match) => match[1]!))];
  return Promise.all(
    urls.map(async (url) => ({
      url,
      status: await fetch(url, { redirect: 'manual' }).then(
        (response) => response.status,
        () => 0,
      ),
    })),
  );
}

/** One `npm start` in `checkout` on the given ports (`portEnvironment`). */
export async function timedStart(checkout: string, ports: Record<string, string>): Promise<StartRun> {
  const started = Date.now();
  const child = spawn('npm', ['start'], {
    cwd: checkout,
    env: { ...process.env, ...ports },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  try {
    const output = await untilReady(child);
    const wallSeconds = (Date.now() - started) / 1000;
    const phases = [...output.matchAll(PHASE)].map((m) => ({ name: m[1]!, seconds: Number(m[2]) }));
    return { wallSeconds, phases, links: await checkLinks(output) };
  } finally {
    await interrupt(child);
  }
}
