/**
 * Runs the app's functions as Lambda does: each execution environment is a worker thread with only
 * that function's environment, its bundle loaded once (a cold start), one invocation at a time;
 * concurrent invocations get more environments, up to a cap (a function's reserved concurrency, as in
 * Lambda, when its template sets one). An invocation past the template's
 * timeout ends its environment (the next one starts cold), and the heap is capped at the memory size.
 */
import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { LocalFunctionDef } from './definitions';
import type { InvocationOutcome, RuntimeData } from './protocol';

export type { InvocationOutcome } from './protocol';

export interface FunctionHostOptions {
  /** The folder holding each function's `index.mjs` (its LAMBDA_TASK_ROOT). */
  taskRoot(definition: LocalFunctionDef): string;
  /** The worker runtime script (local/stack/functions/runtime.ts, bundled). */
  runtime: string;
  /** The complete environment of an execution environment of this function. */
  environment(definition: LocalFunctionDef): Record<string, string>;
  /**
   * Execution environments per function at most (further invocations wait); default 4. A function with
   * reserved concurrency gets as many as it reserves, as Lambda runs it: a burst of uploads starts that
   * many resizes at once rather than queueing behind four (what AWS would not do).
   */
  maxEnvironments?: number;
  /**
   * Sees what each function writes (its logs, CloudWatch's in AWS), besides this process's own output;
   * tests read a function's errors here.
   */
  onOutput?: (definition: LocalFunctionDef, text: string) => void;
}

interface Waiter {
  resolve(worker: Worker): void;
}

class FunctionPool {
  private readonly idle: Worker[] = [];
  private readonly waiting: Waiter[] = [];
  private readonly all = new Set<Worker>();

  constructor(
    private readonly definition: LocalFunctionDef,
    private readonly options: FunctionHostOptions,
  ) {}

  async invoke(event: unknown): Promise<InvocationOutcome> {
    const worker = await this.acquire();
    const timeoutMs = this.definition.timeoutSeconds * 1000;
    const requestId = randomUUID();
    const outcome = await new Promise<InvocationOutcome | 'timeout' | 'crashed'>((resolve) => {
      const timer = setTimeout(() => resolve('timeout'), timeoutMs);
      const settle = (value: InvocationOutcome | 'crashed') => {
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        resolve(value);
      };
      const onMessage = (message: InvocationOutcome) => settle(message);
      const onError = (error: Error) => settle({ ok: false, ...runtimeError(error) });
      const onExit = () => settle('crashed');
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      worker.postMessage({ requestId, event, deadline: Date.now() + timeoutMs });
    });
    // Lambda discards an environment that timed out or crashed; a handler error keeps it.
    if (outcome === 'timeout' || outcome === 'crashed') await this.discard(worker);
    else this.release(worker);
    if (outcome === 'timeout')
      return {
        ok: false,
        errorType: 'Sandbox.Timedout',
        errorMessage: `Task timed out after ${this.definition.timeoutSeconds.toFixed(2)} seconds`,
      };
    if (outcome === 'crashed')
      return {
        ok: false,
        errorType: 'Runtime.ExitError',
        errorMessage: 'Runtime exited without providing a reason',
      };
    return outcome;
  }

  async stop(): Promise<void> {
    await Promise.all([...this.all].map((worker) => worker.terminate()));
    this.all.clear();
  }

  private acquire(): Promise<Worker> {
    const ready = this.idle.pop();
    if (ready) return Promise.resolve(ready);
    const cap = this.definition.reservedConcurrency ?? this.options.maxEnvironments ?? 4;
    if (this.all.size < cap) return Promise.resolve(this.start());
    return new Promise((resolve) => this.waiting.push({ resolve }));
  }

  private release(worker: Worker): void {
    const next = this.waiting.shift();
    if (next) next.resolve(worker);
    else this.idle.push(worker);
  }

  private async discard(worker: Worker): Promise<void> {
    this.all.delete(worker);
    await worker.terminate();
    const next = this.waiting.shift();
    if (next) next.resolve(this.start());
  }

  /** The worker's output goes to this process's, and to `onOutput`. */
  private forwardOutput(worker: Worker): void {
    const pipe = (stream: NodeJS.ReadableStream, target: NodeJS.WritableStream) =>
      stream.on('data', (chunk: Buffer) => {
        target.write(chunk);
        this.options.onOutput?.(this.definition, chunk.toString('utf8'));
      });
    pipe(worker.stdout, process.stdout);
    pipe(worker.stderr, process.stderr);
  }

  private start(): Worker {
    const { definition, options } = this;
    const worker = new Worker(options.runtime, {
      workerData: {
        functionArn: definition.arn,
        handlerExport: definition.handlerExport,
      } satisfies RuntimeData,
      env: options.environment(definition),
      // Node as Lambda starts it: not this process's flags (tsx's loader, which also turns on source
      // maps, would resolve every import of the bundle and parse its source maps on each cold start).
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: definition.memoryMb },
      stdout: true,
      stderr: true,
    });
    this.forwardOutput(worker);
    // A crash between invocations (an unhandled rejection after answering) ends this environment.
    worker.on('error', () => undefined);
    worker.once('exit', () => {
      this.all.delete(worker);
      const index = this.idle.indexOf(worker);
      if (index >= 0) this.idle.splice(index, 1);
    });
    this.all.add(worker);
    return worker;
  }
}

function runtimeError(error: Error): { errorType: string; errorMessage: string } {
  const code = (error as { code?: string }).code;
  if (code === 'ERR_WORKER_OUT_OF_MEMORY')
    return { errorType: 'Runtime.OutOfMemory', errorMessage: 'Runtime exited with error: out of memory' };
  return { errorType: error.name || 'Runtime.UnhandledError', errorMessage: error.message };
}

export class FunctionHost {
  private readonly pools = new Map<string, FunctionPool>();

  constructor(
    readonly definitions: LocalFunctionDef[],
    options: FunctionHostOptions,
  ) {
    for (const definition of definitions)
      this.pools.set(definition.arn, new FunctionPool(definition, options));
  }

  /** Invokes the function with this ARN and waits for its answer (a RequestResponse invocation). */
  invoke(arn: string, event: unknown): Promise<InvocationOutcome> {
    const pool = this.pools.get(arn);
    if (!pool)
      return Promise.resolve({
        ok: false,
        errorType: 'ResourceNotFoundException',
        errorMessage: `Function not found: ${arn}`,
      });
    return pool.invoke(event);
  }

  definition(arn: string): LocalFunctionDef | undefined {
    return this.definitions.find((definition) => definition.arn === arn);
  }

  async stop(): Promise<void> {
    await Promise.all([...this.pools.values()].map((pool) => pool.stop()));
  }
}
