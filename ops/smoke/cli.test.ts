/** The command's exit codes and output, run as `npm run smoke` runs it (no site or browser is reached). */
import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';

interface Exit {
  code: number;
  stdout: string;
  stderr: string;
}

function smokeCommand(args: string[]): Promise<Exit> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'ops/smoke/cli.ts', ...args], (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
    });
  });
}

const site = [
  '--app-url',
  'http://localhost:9',
  '--seller-email',
  'seller@example.com',
  '--seller-password',
  'x',
];

/** Each case starts Node with tsx (a second or two; longer on a busy machine). */
const SPAWN_TIMEOUT_MS = 30_000;

describe('npm run smoke', () => {
  it(
    'exits 2 with the usage on bad flags, and 0 with it for --help',
    async () => {
      const bad = await smokeCommand(['--app-url', 'http://shutterlane.com']);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/^--app-url must be https/);
      expect(bad.stderr).toContain('Usage: npm run smoke');
      const help = await smokeCommand(['--help']);
      expect(help).toMatchObject({ code: 0, stderr: '' });
      expect(help.stdout).toContain('--paid-seller-email');
    },
    SPAWN_TIMEOUT_MS,
  );

  it(
    'exits 1 after a failed step, printing the step and FAIL',
    async () => {
      const run = await smokeCommand([...site, '--chromium', '/nonexistent/chromium']);
      expect(run.code).toBe(1);
      const lines = run.stdout.trimEnd().split('\n');
      expect(lines[0]).toMatch(/^Smoke test of http:\/\/localhost:9 at \d{4}-/);
      expect(lines).toContainEqual(
        expect.stringMatching(
          /^ {2}FAILED +\d+\.\d s {2}Chromium starts \(\/nonexistent\/chromium\): no Chromium at \/nonexistent\/chromium: pass --chromium or set CHROMIUM_PATH$/,
        ),
      );
      expect(lines.at(-1)).toMatch(/^FAIL: 0 passed, 1 failed in \d+\.\d s$/);
    },
    SPAWN_TIMEOUT_MS,
  );
});
