/**
 * Setup file of the suites: a test that fails an attempt and will be run again (the suites' `retry`
 * under CI, vitest.config.ts) prints that attempt's errors first. Vitest reports only a retried test's
 * last attempt, so without this a test that passed on its retry would hide what made it fail the first
 * time, and its flake could never be found.
 */
import { beforeEach, type TestContext } from 'vitest';

type FailedAttempt = Parameters<Parameters<TestContext['onTestFailed']>[0]>[0];

/** An error's message and the frames of our code (Vitest's own frames say nothing of the failure). */
const ourFrames = (stack: string) =>
  stack
    .split('\n')
    .filter((line) => !line.includes('/node_modules/'))
    .join('\n');

/** The errors of a failed attempt. */
function describeAttempt({ task }: FailedAttempt): string {
  const attempt = (task.result?.retryCount ?? 0) + 1;
  const errors = (task.result?.errors ?? [])
    .map((error) => ourFrames(error.stack ?? error.message))
    .join('\n');
  return `Attempt ${attempt} of "${task.fullName}" failed; it runs again:\n${errors}`;
}

beforeEach(({ onTestFailed, task }) => {
  const retries = typeof task.retry === 'number' ? task.retry : (task.retry?.count ?? 0);
  onTestFailed((attempt) => {
    if ((attempt.task.result?.retryCount ?? 0) < retries) console.error(describeAttempt(attempt));
  });
});
