// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import type { FormEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { useAction } from './use-action';
import { useFormSubmit } from './use-form-submit';

afterEach(cleanup);

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

const submitEvent = () => ({ preventDefault: vi.fn() }) as unknown as FormEvent;

describe('useAction', () => {
  it('is busy while the call runs, and free again after success', async () => {
    const call = deferred();
    const { result } = renderHook(() => useAction({ run: () => call.promise, failure: 'Fallback' }));
    let running!: Promise<void>;
    act(() => {
      running = result.current.run();
    });
    expect(result.current.busy).toBe(true);
    await act(async () => {
      call.resolve();
      await running;
    });
    expect(result.current).toMatchObject({ busy: false, error: null });
  });

  it("shows the API's message, or the fallback when the call got no answer", async () => {
    const run = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new ApiError('Gallery not found', 404, 'Not Found'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { result } = renderHook(() => useAction({ run, failure: 'Something went wrong.' }));
    await act(() => result.current.run());
    expect(result.current).toMatchObject({ busy: false, error: 'Gallery not found' });
    await act(() => result.current.run());
    expect(result.current.error).toBe('Something went wrong.');
  });

  it('words failures with a function when given one, and clears the last error on the next run', async () => {
    const run = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new Error('Cognito says no'))
      .mockResolvedValueOnce();
    const { result } = renderHook(() =>
      useAction({ run, failure: (error) => `Worded: ${(error as Error).message}` }),
    );
    await act(() => result.current.run());
    expect(result.current.error).toBe('Worded: Cognito says no');
    await act(() => result.current.run());
    expect(result.current.error).toBeNull();
  });

  it('stays busy after success when the screen moves on, but not after a returned refusal', async () => {
    const run = vi
      .fn<() => Promise<string | void>>()
      .mockResolvedValueOnce('Email not verified')
      .mockResolvedValueOnce(undefined);
    const { result } = renderHook(() => useAction({ run, failure: 'Fallback', stayBusy: true }));
    await act(() => result.current.run());
    expect(result.current).toMatchObject({ busy: false, error: 'Email not verified' });
    await act(() => result.current.run());
    expect(result.current).toMatchObject({ busy: true, error: null });
  });

  it('passes its arguments to the call', async () => {
    const run = vi.fn(async (_plan: string) => undefined);
    const { result } = renderHook(() => useAction({ run, failure: 'Fallback' }));
    await act(() => result.current.run('pro'));
    expect(run).toHaveBeenCalledWith('pro');
  });
});

describe('useFormSubmit', () => {
  it("shows the fields' check and sends nothing when it fails", async () => {
    const send = vi.fn(async () => undefined);
    const { result } = renderHook(() =>
      useFormSubmit({ validate: () => 'Name must be at least 2 characters', send, failure: 'Fallback' }),
    );
    const event = submitEvent();
    await act(() => result.current.submit(event));
    expect(event.preventDefault).toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();
    expect(result.current).toMatchObject({ busy: false, error: 'Name must be at least 2 characters' });
  });

  it('sends when the fields pass and stays busy after success unless told otherwise', async () => {
    const send = vi.fn(async () => undefined);
    const moving = renderHook(() => useFormSubmit({ validate: () => null, send, failure: 'Fallback' }));
    await act(() => moving.result.current.submit(submitEvent()));
    expect(moving.result.current.busy).toBe(true);
    const staying = renderHook(() => useFormSubmit({ send, failure: 'Fallback', stayBusy: false }));
    await act(() => staying.result.current.submit(submitEvent()));
    expect(staying.result.current.busy).toBe(false);
    expect(send).toHaveBeenCalledTimes(2);
  });
});
