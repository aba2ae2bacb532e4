// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useQuery, type QueryOptions } from './use-query';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

const renderQuery = <T,>(options: QueryOptions<T>) =>
  renderHook((props: QueryOptions<T>) => useQuery(props), { initialProps: options });

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useQuery', () => {
  it('is loading until the answer, then ready with it', async () => {
    const answer = deferred<string>();
    const { result } = renderQuery({ key: ['a'], load: () => answer.promise });
    expect(result.current).toMatchObject({ status: 'loading', data: undefined, error: null });
    await act(async () => answer.resolve('first'));
    expect(result.current).toMatchObject({ status: 'ready', data: 'first', error: null, polling: false });
  });

  it('shows loading for a new key and drops the answer of the old one', async () => {
    const answers = { a: deferred<string>(), b: deferred<string>() };
    const { result, rerender } = renderQuery<string>({ key: ['a'], load: () => answers.a.promise });
    rerender({ key: ['b'], load: () => answers.b.promise });
    await act(async () => answers.a.resolve('stale'));
    expect(result.current.status).toBe('loading');
    await act(async () => answers.b.resolve('fresh'));
    expect(result.current.data).toBe('fresh');
  });

  it('does not load again for a new load function with the same key', async () => {
    const load = vi.fn(async () => 'x');
    const { rerender } = renderQuery({ key: ['a', 1], load });
    await act(async () => {});
    rerender({ key: ['a', 1], load: vi.fn(async () => 'y') });
    await act(async () => {});
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps the last data when a later load fails, and clears the error on the next success', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockResolvedValueOnce('kept')
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('again');
    const { result } = renderQuery({ key: ['a'], load });
    await act(async () => {});
    let answer: unknown;
    await act(async () => {
      answer = await result.current.refetch();
    });
    expect(answer).toEqual({ ok: false, error: new Error('offline') });
    expect(result.current).toMatchObject({ status: 'error', data: 'kept', error: new Error('offline') });
    await act(async () => {
      await result.current.refetch();
    });
    expect(result.current).toMatchObject({ status: 'ready', data: 'again', error: null });
  });

  it('polls as long as pollAfter gives a delay, counting the answers', async () => {
    const load = vi.fn(async () => 'x');
    const pollAfter = vi.fn(({ answers }: { answers: number }) => (answers < 3 ? 1000 : false));
    const { result } = renderQuery({ key: ['a'], load, pollAfter });
    await act(async () => {});
    expect(result.current.polling).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(load).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(load).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(load).toHaveBeenCalledTimes(3);
    expect(result.current.polling).toBe(false);
    expect(pollAfter.mock.calls.map(([latest]) => latest)).toEqual([
      { data: 'x', error: null, answers: 1 },
      { data: 'x', error: null, answers: 2 },
      { data: 'x', error: null, answers: 3 },
    ]);
  });

  it('runs an overdue poll as soon as the page is visible again (timers sleep with the tab)', async () => {
    const load = vi.fn(async () => 'x');
    renderQuery({ key: ['a'], load, pollAfter: () => 60_000 });
    await act(async () => {});
    document.dispatchEvent(new Event('visibilitychange'));
    expect(load).toHaveBeenCalledTimes(1); // not due yet
    vi.setSystemTime(Date.now() + 61_000); // the clock moved on while the timer slept
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('stops polling and drops answers once unmounted', async () => {
    const load = vi.fn(async () => 'x');
    const { unmount } = renderQuery({ key: ['a'], load, pollAfter: () => 1000 });
    await act(async () => {});
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads nothing while disabled', async () => {
    const load = vi.fn(async () => 'x');
    const { result, rerender } = renderQuery({ key: ['a'], load, enabled: false });
    await act(async () => {});
    expect(load).not.toHaveBeenCalled();
    expect(result.current.status).toBe('loading');
    rerender({ key: ['a'], load, enabled: true });
    await act(async () => {});
    expect(result.current.data).toBe('x');
  });

  it('supersedes a running load on refetch: only the latest answer is shown', async () => {
    const loads = [deferred<string>(), deferred<string>()];
    let call = 0;
    const load = vi.fn(() => loads[call++]!.promise);
    const { result } = renderQuery({ key: ['a'], load });
    const fresh = result.current.refetch();
    expect(load).toHaveBeenCalledTimes(2);
    await act(async () => loads[0]!.resolve('superseded'));
    expect(result.current.status).toBe('loading');
    await act(async () => loads[1]!.resolve('latest'));
    expect(await fresh).toEqual({ ok: true, data: 'latest' });
    expect(result.current.data).toBe('latest');
  });

  it('replaces the data in place with setData, loading nothing', async () => {
    const load = vi.fn(async () => ({ name: 'Before' }));
    const { result } = renderQuery({ key: ['a'], load });
    await act(async () => {});
    act(() => result.current.setData((gallery) => ({ ...gallery, name: 'After' })));
    expect(result.current.data).toEqual({ name: 'After' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('starts ready with data in hand, loading only when pollAfter says so', async () => {
    const load = vi.fn(async () => 'polled');
    const { result } = renderQuery({ key: ['a'], load, initialData: 'in hand', pollAfter: () => 1000 });
    expect(result.current).toMatchObject({ status: 'ready', data: 'in hand' });
    await act(async () => {});
    expect(result.current).toMatchObject({ status: 'ready', data: 'in hand', polling: true });
    expect(load).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(result.current.data).toBe('polled');
  });

  it('asks pollAfter again when data is set from elsewhere', async () => {
    const pollAfter = vi.fn(({ data }: { data: string | undefined }) => (data === 'busy' ? 500 : false));
    const load = vi.fn(async () => 'quiet');
    const { result } = renderQuery({ key: ['a'], load, pollAfter });
    await act(async () => {});
    expect(result.current.polling).toBe(false);
    act(() => result.current.setData(() => 'busy'));
    expect(result.current.polling).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(load).toHaveBeenCalledTimes(2);
  });
});
