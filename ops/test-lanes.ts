/**
 * `npm test`: the tests in the foreground (unit and infra, then the suites on local stacks), and beside
 * them, at the lowest CPU priority, the type check and the lints (`npm run check`). The check waits on
 * nothing, so it takes whatever the tests leave: in practice it ends while the unit tests still run, inside
 * their few idle moments and the scheduler's share, instead of before the tests (docs/decisions.md, "A
 * 15-minute CI").
 * A test process that wants a core takes it back at once; the tests still slow a little (shared caches),
 * by less than the check's time saved.
 *
 * The tests' output streams as it comes; the check's is held and printed whole once it ends, so the two
 * never interleave. A failed check stops the tests at once, as it did when it ran first; after failed
 * tests the check is let finish, so one run reports both.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';

export interface Lane {
  name: string;
  /** A shell command line. */
  command: string;
}

export interface Lanes {
  /** Streams its output. */
  foreground: Lane;
  /** Runs niced beside it, its output held until it ends. */
  beside: Lane;
}

export const NPM_TEST_LANES: Lanes = {
  foreground: { name: 'tests', command: 'npm run test:quick && npm run test:suites' },
  beside: { name: 'check', command: 'npm run check' },
};

/** The lowest priority `nice` gives: the lane takes only what the other leaves. */
const BESIDE_NICENESS = 19;

interface Running {
  child: ChildProcess;
  exited: Promise<number>;
}

/**
 * Starts a lane's shell (after `prefix`, a command that runs it) in a process group of its own, so
 * stopping it stops everything it started.
 */
function start(command: string, output: 'inherit' | 'pipe', prefix: string[] = []): Running {
  const [file = 'sh', ...args] = [...prefix, 'sh', '-c', command];
  const child = spawn(file, args, { stdio: ['ignore', output, output], detached: true });
  const exited = once(child, 'exit').then(([code, signal]) => (signal ? 1 : (code as number)));
  return { child, exited };
}

/**
 * Lowers the priority of a lane's whole session. Linux's scheduler shares the CPU fairly between
 * sessions first (autogroups) and weighs niceness only within one: a lane in a session of its own at
 * nice 19 still took half the cores from the tests. Its session's own niceness is what counts there.
 * Nothing to do where there are no autogroups (another system, or turned off).
 */
function lowerSessionPriority({ child }: Running): void {
  try {
    writeFileSync(`/proc/${child.pid}/autogroup`, String(BESIDE_NICENESS));
  } catch {
    // No autogroups here: `nice` alone orders the lanes.
  }
}

function stop({ child }: Running): void {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // The group is gone already.
  }
}

/** Runs the lanes; resolves with the exit code (0 only when both passed). */
export async function runLanes(
  lanes: Lanes,
  write: (text: string) => void = (text) => process.stdout.write(text),
): Promise<number> {
  const foreground = start(lanes.foreground.command, 'inherit');
  const beside = start(lanes.beside.command, 'pipe', ['nice', '-n', String(BESIDE_NICENESS)]);
  lowerSessionPriority(beside);
  const held: Buffer[] = [];
  beside.child.stdout?.on('data', (chunk: Buffer) => held.push(chunk));
  beside.child.stderr?.on('data', (chunk: Buffer) => held.push(chunk));

  const interrupted = () => [foreground, beside].forEach(stop);
  process.once('SIGINT', interrupted).once('SIGTERM', interrupted);
  try {
    const besideCode = beside.exited.then((code) => {
      write(
        `\n── ${lanes.beside.name} (${lanes.beside.command}), run beside the ${lanes.foreground.name} ──\n`,
      );
      write(Buffer.concat(held).toString());
      write(`── ${lanes.beside.name} ${code === 0 ? 'passed' : `failed (exit ${code})`} ──\n\n`);
      if (code !== 0) stop(foreground);
      return code;
    });
    const [foregroundCode, checkCode] = await Promise.all([foreground.exited, besideCode]);
    return foregroundCode === 0 && checkCode === 0 ? 0 : 1;
  } finally {
    process.off('SIGINT', interrupted).off('SIGTERM', interrupted);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runLanes(NPM_TEST_LANES);
}
