/**
 * The function host runs a handler as Lambda does: only the environment it is given, one invocation at
 * a time per environment, a fresh (cold) environment after a timeout, an error returned in Lambda's
 * shape without losing the environment. A small handler written here stands in for a function bundle.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalFunctionDef } from './definitions';
import { FunctionHost } from './host';

const HANDLER = `
const environment = Math.random().toString(36).slice(2);
let invocations = 0;
export async function handler(event) {
  invocations += 1;
  if (event.action === 'env') return Object.keys(process.env).sort();
  if (event.action === 'node') return { execArgv: process.execArgv, sourceMaps: process.sourceMapsEnabled };
  if (event.action === 'sleep') await new Promise((resolve) => setTimeout(resolve, event.ms));
  if (event.action === 'throw') throw new TypeError('boom');
  return { environment, invocations };
}
`;

let dir: string;
let host: FunctionHost;

const definition = {
  name: 'content',
  arn: 'arn:aws:lambda:eu-west-2:000000000000:function:test',
  handlerExport: 'handler',
  timeoutSeconds: 1,
  memoryMb: 128,
} as LocalFunctionDef;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'shutterlane-host-'));
  await writeFile(path.join(dir, 'index.mjs'), HANDLER);
  await build({
    entryPoints: [path.join(import.meta.dirname, 'runtime.ts')],
    outfile: path.join(dir, 'runtime.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    logLevel: 'error',
  });
  host = new FunctionHost([definition], {
    runtime: path.join(dir, 'runtime.mjs'),
    taskRoot: () => dir,
    environment: () => ({ LAMBDA_TASK_ROOT: dir, ONLY_THIS: 'yes' }),
    maxEnvironments: 2,
  });
}, 30_000);

afterAll(async () => {
  await host?.stop();
  await rm(dir, { recursive: true, force: true });
});

const invoke = (event: object) => host.invoke(definition.arn, event);

/** A host of its own for `definitions`, on the handler written here (the caller stops it). */
const ownHost = (definitions: LocalFunctionDef[], maxEnvironments?: number) =>
  new FunctionHost(definitions, {
    runtime: path.join(dir, 'runtime.mjs'),
    taskRoot: () => dir,
    environment: () => ({ LAMBDA_TASK_ROOT: dir }),
    ...(maxEnvironments !== undefined && { maxEnvironments }),
  });

interface Served {
  environment: string;
  invocations: number;
}
async function served(event: object): Promise<Served> {
  const outcome = await invoke(event);
  if (!outcome.ok) throw new Error(`${outcome.errorType}: ${outcome.errorMessage}`);
  return outcome.result as Served;
}

describe('FunctionHost', () => {
  it('gives the handler only its own environment, none of this process', async () => {
    process.env.PARENT_SECRET = 'must-not-leak';
    expect(await invoke({ action: 'env' })).toEqual({ ok: true, result: ['LAMBDA_TASK_ROOT', 'ONLY_THIS'] });
  });

  it("starts Node as Lambda does, without this process's flags (a loader, source maps)", async () => {
    const flags = process.execArgv.splice(0, Infinity, '--enable-source-maps');
    const own = ownHost([definition]);
    try {
      expect(await own.invoke(definition.arn, { action: 'node' })).toEqual({
        ok: true,
        result: { execArgv: [], sourceMaps: false },
      });
    } finally {
      process.execArgv.splice(0, Infinity, ...flags);
      await own.stop();
    }
  });

  it('returns a handler error in Lambda shape and keeps the environment', async () => {
    const before = await served({ action: 'count' });
    expect(await invoke({ action: 'throw' })).toMatchObject({
      ok: false,
      errorType: 'TypeError',
      errorMessage: 'boom',
    });
    expect(await served({ action: 'count' })).toEqual({
      environment: before.environment,
      invocations: before.invocations + 2,
    });
  });

  it('ends an invocation past the timeout and starts the next one cold', async () => {
    const seen = new Set([(await served({ action: 'count' })).environment]);
    expect(await invoke({ action: 'sleep', ms: 5_000 })).toEqual({
      ok: false,
      errorType: 'Sandbox.Timedout',
      errorMessage: 'Task timed out after 1.00 seconds',
    });
    // The timed-out environment is gone: with the cap at 2, two at once need a new one, starting cold.
    const both = await Promise.all([
      served({ action: 'sleep', ms: 200 }),
      served({ action: 'sleep', ms: 200 }),
    ]);
    const fresh = both.filter((result) => !seen.has(result.environment));
    expect(fresh.length).toBeGreaterThan(0);
    expect(fresh.every((result) => result.invocations === 1)).toBe(true);
  });

  it('runs concurrent invocations in separate environments, one at a time each', async () => {
    const results = await Promise.all([1, 2, 3, 4].map(() => served({ action: 'sleep', ms: 100 })));
    const byEnvironment = new Map<string, Served[]>();
    for (const result of results)
      byEnvironment.set(result.environment, [...(byEnvironment.get(result.environment) ?? []), result]);
    // The cap (2 environments), each serving its share one after the other.
    expect(byEnvironment.size).toBe(2);
    for (const share of byEnvironment.values()) {
      const counts = share.map((result) => result.invocations).sort((a, b) => a - b);
      expect(counts[1]).toBe(counts[0]! + 1);
    }
  });

  it('answers an unknown function as Lambda does', async () => {
    expect(await host.invoke('arn:aws:lambda:eu-west-2:000000000000:function:nope', {})).toMatchObject({
      ok: false,
      errorType: 'ResourceNotFoundException',
    });
  });

  it('runs a function with reserved concurrency in as many environments as it reserves', async () => {
    const reserved = { ...definition, arn: `${definition.arn}-reserved`, reservedConcurrency: 3 };
    const own = ownHost([reserved], 2);
    try {
      const results = await Promise.all(
        [1, 2, 3, 4, 5, 6].map(async () => {
          const outcome = await own.invoke(reserved.arn, { action: 'sleep', ms: 300 });
          return (outcome as { result: Served }).result;
        }),
      );
      expect(new Set(results.map((result) => result.environment)).size).toBe(3);
    } finally {
      await own.stop();
    }
  });
});
