import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { threadCpuMs } from './thread-cpu';

/** A fixed amount of CPU work (hashing), the same on whichever thread runs it, however busy the machine. */
const ROUNDS = 300_000;

function work(): void {
  let digest = Buffer.alloc(32);
  for (let i = 0; i < ROUNDS; i++) digest = createHash('sha256').update(digest).digest();
}

// The same work on a worker thread, which then stays alive: an ended thread's time is no longer counted.
const WORKER = `
const { createHash } = require('node:crypto');
const { parentPort } = require('node:worker_threads');
let digest = Buffer.alloc(32);
for (let i = 0; i < ${ROUNDS}; i++) digest = createHash('sha256').update(digest).digest();
parentPort.postMessage('done');
setInterval(() => {}, 1000);
`;

describe.runIf(process.platform === 'linux')('threadCpuMs', () => {
  it('counts work on the main thread as main, and the same work on a worker thread as others', async () => {
    const start = threadCpuMs()!;
    work();
    const afterMain = threadCpuMs()!;
    const mainWork = afterMain.main - start.main;
    expect(mainWork).toBeGreaterThan(50);
    expect(afterMain.others - start.others).toBeLessThan(mainWork / 2);

    const worker = new Worker(WORKER, { eval: true });
    try {
      await new Promise((resolve) => worker.once('message', resolve));
      const afterWorker = threadCpuMs()!;
      expect(afterWorker.others - afterMain.others).toBeGreaterThan(mainWork / 2);
      expect(afterWorker.main - afterMain.main).toBeLessThan(mainWork / 2);
    } finally {
      await worker.terminate();
    }
  });
});
