import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settleNoSoonerThan } from './answer-timing';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** Settles `promise` into 'pending', its value or 'failed: message' once the clock is at `ms`. */
async function stateAt(promise: Promise<unknown>, ms: number) {
  let state: unknown = 'pending';
  promise.then(
    (value) => (state = value),
    (error: Error) => (state = `failed: ${error.message}`),
  );
  await vi.advanceTimersByTimeAsync(ms);
  return state;
}

describe('settleNoSoonerThan', () => {
  it('holds a quick result back until the floor has passed', async () => {
    const answer = settleNoSoonerThan(1000, async () => 'done');
    expect(await stateAt(answer, 999)).toBe('pending');
    expect(await stateAt(answer, 1)).toBe('done');
  });

  it('holds a quick failure back the same way', async () => {
    const answer = settleNoSoonerThan(1000, () => Promise.reject(new Error('refused')));
    answer.catch(() => undefined);
    expect(await stateAt(answer, 999)).toBe('pending');
    expect(await stateAt(answer, 1)).toBe('failed: refused');
  });

  it('adds nothing to work that outlasts the floor', async () => {
    const slow = () => new Promise((resolve) => setTimeout(() => resolve('slow'), 1500));
    const answer = settleNoSoonerThan(1000, slow);
    expect(await stateAt(answer, 1499)).toBe('pending');
    expect(await stateAt(answer, 1)).toBe('slow');
  });
});
