import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runLanes, type Lanes } from './test-lanes';

/** Runs two lanes of shell commands; what the runner wrote, its exit code and how long it took. */
async function run(foreground: string, beside: string) {
  const lanes: Lanes = {
    foreground: { name: 'tests', command: foreground },
    beside: { name: 'check', command: beside },
  };
  let written = '';
  const started = Date.now();
  const code = await runLanes(lanes, (text) => (written += text));
  return { code, written, seconds: (Date.now() - started) / 1000 };
}

describe('npm test lanes', () => {
  it('passes when both pass, printing the lane beside whole once it ends', async () => {
    const { code, written } = await run('true', 'echo one; sleep 0.2; echo two >&2');
    expect(code).toBe(0);
    expect(written).toContain(
      '── check (echo one; sleep 0.2; echo two >&2), run beside the tests ──\none\ntwo\n── check passed ──',
    );
  });

  it('runs the lane beside at the lowest priority', async () => {
    // `nice` without a command prints the niceness it runs at.
    const { written } = await run('true', 'nice');
    expect(written).toContain('\n19\n');
  });

  it.runIf(existsSync('/proc/self/autogroup'))(
    'runs it at the lowest priority among sessions too, where Linux shares the CPU by session',
    async () => {
      const { written } = await run('true', 'cat /proc/self/autogroup');
      expect(written).toMatch(/autogroup-\d+ nice 19\n/);
    },
  );

  it('stops the tests at once when the check fails, and fails', async () => {
    const { code, written, seconds } = await run('sleep 30', 'echo "2 problems"; exit 3');
    expect(code).toBe(1);
    expect(written).toContain('2 problems\n── check failed (exit 3) ──');
    expect(seconds).toBeLessThan(20);
  });

  it('lets the check finish after failed tests, and fails', async () => {
    const { code, written } = await run('exit 1', 'sleep 1; echo checked');
    expect(code).toBe(1);
    expect(written).toContain('checked\n── check passed ──');
  });
});
