/** The seller worker's wait for a slow network before it opens the kept shell (slow-network.ts). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { networkWithinOrKept } from './slow-network';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A network answer the test settles when it likes. */
function pending<T>() {
  let settle!: { resolve: (value: T) => void; reject: (error: unknown) => void };
  const promise = new Promise<T>((resolve, reject) => {
    settle = { resolve, reject };
  });
  return { promise, ...settle };
}

describe('networkWithinOrKept', () => {
  it("answers with the network's page when it comes in time", async () => {
    const network = pending<string>();
    const answer = networkWithinOrKept(network.promise, async () => 'kept', 4000);
    await vi.advanceTimersByTimeAsync(3999);
    network.resolve('fresh');
    await expect(answer).resolves.toBe('fresh');
  });

  it('opens the kept page once the network has taken the whole wait', async () => {
    const network = pending<string>();
    const answer = networkWithinOrKept(network.promise, async () => 'kept', 4000);
    await vi.advanceTimersByTimeAsync(4000);
    await expect(answer).resolves.toBe('kept');
    network.resolve('late');
  });

  it('keeps waiting for the network when nothing is kept', async () => {
    const network = pending<string>();
    const answer = networkWithinOrKept(network.promise, async () => undefined, 4000);
    await vi.advanceTimersByTimeAsync(10_000);
    network.resolve('late');
    await expect(answer).resolves.toBe('late');
  });

  it('falls back to the kept page at once when the network fails, and fails with nothing kept', async () => {
    await expect(
      networkWithinOrKept(Promise.reject(new TypeError('offline')), async () => 'kept'),
    ).resolves.toBe('kept');
    await expect(
      networkWithinOrKept(Promise.reject(new TypeError('offline')), async () => undefined),
    ).rejects.toThrow('offline');
  });
});
