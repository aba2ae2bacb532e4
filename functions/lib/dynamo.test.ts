import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONFLICT_BUDGET_MS, retryingConflicts } from './dynamo';

const conflict = Object.assign(new Error('held by a transaction'), { name: 'Conflict' });
const isConflict = (error: unknown) => error === conflict;

describe('retryingConflicts', () => {
  afterEach(() => vi.useRealTimers());

  it('tries a write again after each conflict until it goes through', async () => {
    const write = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(conflict)
      .mockRejectedValueOnce(conflict)
      .mockResolvedValue('written');
    await expect(retryingConflicts(write, isConflict)).resolves.toBe('written');
    expect(write).toHaveBeenCalledTimes(3);
  });

  it('throws any other failure at once', async () => {
    const failure = new Error('throttled');
    const write = vi.fn<() => Promise<string>>().mockRejectedValue(failure);
    await expect(retryingConflicts(write, isConflict)).rejects.toBe(failure);
    expect(write).toHaveBeenCalledTimes(1);
  });

  it('keeps trying for the whole budget of time, then the conflict is the error', async () => {
    vi.useFakeTimers();
    const write = vi.fn<() => Promise<string>>().mockRejectedValue(conflict);
    const outcome = retryingConflicts(write, isConflict).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(CONFLICT_BUDGET_MS - 1_000);
    const triesWithinBudget = write.mock.calls.length;
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(outcome).resolves.toBe(conflict);
    expect(triesWithinBudget).toBeGreaterThan(12);
  });
});
