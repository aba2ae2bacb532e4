/**
 * The smoke test's steps: each is timed, bounded by the step timeout and printed as one line when it
 * ends. A failed step stops its journey (the later steps need what it should have made), and the
 * journeys that needed that journey's result are recorded as skipped, with the reason.
 */

export type StepStatus = 'passed' | 'failed' | 'skipped';

export interface StepResult {
  name: string;
  status: StepStatus;
  ms: number;
  /** Why a step failed or was skipped. */
  detail?: string;
}

/** Thrown after a failed step was recorded, to end its journey. */
export class JourneyStopped extends Error {
  override readonly name = 'JourneyStopped';
}

export type Clock = () => number;

/** Rejects when `work` has not settled within `ms`; the work itself is left to its own timeouts. */
export async function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no result within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * An error's first line, plus what Playwright was waiting for: its messages run to a whole call log,
 * too long for a one-line step report.
 */
export function conciseMessage(error: unknown): string {
  const lines = (error instanceof Error ? error.message : String(error)).split('\n').map((l) => l.trim());
  const first = lines[0] ?? '';
  const waitingFor = lines.find((line) => line.startsWith('- waiting for'));
  return waitingFor ? `${first} (${waitingFor.slice(2)})` : first;
}

const STATUS_LABELS: Record<StepStatus, string> = { passed: 'ok', failed: 'FAILED', skipped: 'skipped' };

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function stepLine(step: StepResult): string {
  const time = step.status === 'skipped' ? '' : seconds(step.ms);
  const detail = step.detail ? `: ${step.detail}` : '';
  return `  ${STATUS_LABELS[step.status].padEnd(7)} ${time.padStart(7)}  ${step.name}${detail}`;
}

/** PASS needs at least one step passed and none failed; skipped steps are counted aloud either way. */
export function verdict(steps: readonly StepResult[], ms: number): { passed: boolean; line: string } {
  const count = (status: StepStatus) => steps.filter((step) => step.status === status).length;
  const [passed, failed, skipped] = [count('passed'), count('failed'), count('skipped')];
  const ok = passed > 0 && failed === 0;
  const parts = [
    `${passed} passed`,
    ...(failed ? [`${failed} failed`] : []),
    ...(skipped ? [`${skipped} skipped`] : []),
  ];
  return { passed: ok, line: `${ok ? 'PASS' : 'FAIL'}: ${parts.join(', ')} in ${seconds(ms)}` };
}

export class StepRunner {
  readonly results: StepResult[] = [];

  constructor(
    private readonly write: (line: string) => void,
    private readonly timeoutMs: number,
    private readonly clock: Clock = () => performance.now(),
  ) {}

  /** Runs one step; on failure records it and throws JourneyStopped. */
  async run<T>(name: string, action: () => Promise<T>): Promise<T> {
    const started = this.clock();
    try {
      const value = await withDeadline(action(), this.timeoutMs, name);
      this.record({ name, status: 'passed', ms: this.clock() - started });
      return value;
    } catch (error) {
      this.record({ name, status: 'failed', ms: this.clock() - started, detail: conciseMessage(error) });
      throw new JourneyStopped(name);
    }
  }

  skip(name: string, reason: string): void {
    this.record({ name, status: 'skipped', ms: 0, detail: reason });
  }

  /** A journey's result, or undefined when one of its steps failed. */
  async journey<T>(walk: () => Promise<T>): Promise<T | undefined> {
    try {
      return await walk();
    } catch (error) {
      if (error instanceof JourneyStopped) return undefined;
      throw error;
    }
  }

  private record(step: StepResult): void {
    this.results.push(step);
    this.write(stepLine(step));
  }
}
