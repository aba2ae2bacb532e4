import { describe, expect, it, vi } from 'vitest';
import { onceAsync } from './once-async';

describe('onceAsync', () => {
  it('starts once and gives every caller, at once or later, the same result', async () => {
    const start = vi.fn(async () => ({ ready: true }));
    const ready = onceAsync(start);
    const [first, second] = await Promise.all([ready(), ready()]);
    const later = await ready();
    expect(start).toHaveBeenCalledTimes(1);
    expect(second).toBe(first);
    expect(later).toBe(first);
  });

  it('forgets a failed start: the callers waiting on it see the error, the next call starts again', async () => {
    const start = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('weights did not download'))
      .mockResolvedValue('started');
    const ready = onceAsync(start);
    await Promise.all([
      expect(ready()).rejects.toThrow('weights did not download'),
      expect(ready()).rejects.toThrow('weights did not download'),
    ]);
    expect(start).toHaveBeenCalledTimes(1);
    await expect(ready()).resolves.toBe('started');
    await expect(ready()).resolves.toBe('started');
    expect(start).toHaveBeenCalledTimes(2);
  });

  it('keeps separate starts apart', async () => {
    const a = onceAsync(async () => 'a');
    const b = onceAsync(async () => 'b');
    expect([await a(), await b()]).toEqual(['a', 'b']);
  });
});
