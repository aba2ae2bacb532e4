/**
 * The SPA's one way to read from the server: a query names what it reads by a key and keeps
 * its loading, answer, failure and polling; every screen that loads data goes through it, the customer
 * routes included. Modelled on TanStack Query's vocabulary (key, load, refetch, poll interval from the
 * answer) without its 11 kB: the order page has no room for it, and a second, hand-written layer for
 * the customer routes is what this replaces.
 *
 * - A new key starts over: its state reads 'loading' until its own first answer; answers of an older
 *   key, or of a load that a newer one superseded, are dropped.
 * - `pollAfter` is asked once after every answer: the delay before loading again, or false to stop.
 *   Timers sleep with the tab or the laptop, so coming back to the page runs an overdue poll at once.
 * - A failed answer keeps the last data (a poll that fails does not blank the screen) and sets `error`;
 *   the next successful answer clears it.
 */
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';

export type QueryKey = readonly unknown[];

export type Answer<T> = { ok: true; data: T } | { ok: false; error: unknown };

export interface QueryOptions<T> {
  /** What the query reads: JSON-comparable values (ids, page numbers). */
  key: QueryKey;
  load: () => Promise<T>;
  /** false: nothing is loaded and the query stays 'loading' (e.g. no seller signed in yet). */
  enabled?: boolean;
  /**
   * An answer already in hand (e.g. fetched by the page's entry): the query starts ready with it, as
   * its first answer, and loads only when `pollAfter` or `refetch` says so.
   */
  initialData?: T;
  /** After each answer: how long until the next load (polling), or false for none. */
  pollAfter?: (latest: { data: T | undefined; error: unknown; answers: number }) => number | false;
}

/** 'loading' until this key's first answer, then whether the latest answer failed. */
export type QueryState<T> =
  | { status: 'loading'; data: undefined; error: null }
  /** `data`: the latest successful answer, kept when a later one fails. */
  | { status: 'error'; data: T | undefined; error: unknown }
  | { status: 'ready'; data: T; error: null };

export type Query<T> = QueryState<T> & {
  /** Another load is scheduled. */
  polling: boolean;
  /** Loads now, superseding a running load (its answer is dropped). Never rejects: failures are answers. */
  refetch(): Promise<Answer<T>>;
  /**
   * Replaces the data with an answer obtained elsewhere (an edit the server confirmed), without loading;
   * `pollAfter` is asked again, as after an answer.
   */
  setData(update: (data: T | undefined) => T): void;
};

type Settled<T> = Exclude<QueryState<T>, { status: 'loading' }> & {
  key: string;
  answers: number;
  /** When the next poll is due (ms since the epoch), or null for none. */
  nextAt: number | null;
};

const LOADING = { status: 'loading', data: undefined, error: null } as const;

/** When a poll `delay` ms from now is due (ms since the epoch), or null for none. */
const dueAt = (delay: number | false): number | null => (delay === false ? null : Date.now() + delay);

export function useQuery<T>({
  key,
  load,
  enabled = true,
  initialData,
  pollAfter,
}: QueryOptions<T>): Query<T> {
  const keyId = JSON.stringify(key);
  const [settled, setSettled] = useState<Settled<T> | null>(null);

  // The latest callbacks, so callers need not memoize them: only the key decides when to load again.
  const latest = useRef({ load, pollAfter, keyId, initialData });
  useEffect(() => {
    latest.current = { load, pollAfter, keyId, initialData };
  });
  // Kept beside the state so that answers and timers, which run outside rendering, read it at once.
  const settledNow = useRef<Settled<T> | null>(null);
  const running = useRef<number | null>(null);
  const lastRun = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const settle = useCallback((next: Settled<T>) => {
    settledNow.current = next;
    // A transition: the screen an answer brings (a gallery of photos) renders in slices that let the
    // phone paint and answer taps between them, not in one long task.
    startTransition(() => setSettled(next));
  }, []);

  // One load at a time per key; each answer decides, through pollAfter, when the next load is due.
  const loader = useMemo(() => {
    /** Takes an answer (or data obtained elsewhere) for `forKey` and schedules the next poll. */
    const accept = (
      state: Exclude<QueryState<T>, { status: 'loading' }>,
      forKey: string,
      answers: number,
    ) => {
      const delay = latest.current.pollAfter?.({ data: state.data, error: state.error, answers }) ?? false;
      clearTimeout(timer.current);
      if (delay !== false) timer.current = setTimeout(poll, delay);
      settle({ ...state, key: forKey, answers, nextAt: dueAt(delay) });
    };
    const start = (): Promise<Answer<T>> => {
      const run = ++lastRun.current;
      const { load: loadNow, keyId: forKey } = latest.current;
      const answer = loadNow().then(
        (data): Answer<T> => ({ ok: true, data }),
        (error: unknown): Answer<T> => ({ ok: false, error }),
      );
      running.current = run;
      void answer.then((result) => {
        if (running.current === run) running.current = null;
        if (run !== lastRun.current) return;
        const before = settledNow.current?.key === forKey ? settledNow.current : null;
        accept(
          result.ok
            ? { status: 'ready', data: result.data, error: null }
            : { status: 'error', data: before?.data, error: result.error },
          forKey,
          (before?.answers ?? 0) + 1,
        );
      });
      return answer;
    };
    /** A due poll; skipped while another load runs (its answer decides the next one). */
    const poll = () => {
      if (running.current === null) void start();
    };
    return { accept, start, poll };
  }, [settle]);

  useEffect(() => {
    if (!enabled) return;
    const { initialData: inHand } = latest.current;
    const kept = settledNow.current?.key === keyId ? settledNow.current : null;
    if (inHand === undefined) void loader.start();
    // Data in hand (or kept from a moment ago, when effects run twice): no load, only the next poll.
    else
      loader.accept(
        kept ? stateOf(kept) : { status: 'ready', data: inHand, error: null },
        keyId,
        kept?.answers ?? 1,
      );
    const pollIfOverdue = () => {
      const due = settledNow.current?.nextAt;
      if (document.visibilityState === 'visible' && due != null && Date.now() >= due) loader.poll();
    };
    document.addEventListener('visibilitychange', pollIfOverdue);
    return () => {
      lastRun.current += 1; // drops the answer of a load for this key
      running.current = null;
      clearTimeout(timer.current);
      document.removeEventListener('visibilitychange', pollIfOverdue);
    };
  }, [keyId, enabled, loader]);

  const refetch = useCallback(() => loader.start(), [loader]);

  const setData = useCallback(
    (update: (data: T | undefined) => T) => {
      const forKey = latest.current.keyId;
      const before = settledNow.current?.key === forKey ? settledNow.current : null;
      loader.accept(
        { status: 'ready', data: update(before?.data), error: null },
        forKey,
        before?.answers ?? 0,
      );
    },
    [loader],
  );

  const current = settled?.key === keyId ? settled : null;
  const inHand = enabled && initialData !== undefined;
  const state: QueryState<T> = current
    ? stateOf(current)
    : inHand
      ? { status: 'ready', data: initialData, error: null }
      : LOADING;
  return { ...state, polling: current?.nextAt != null, refetch, setData };
}

function stateOf<T>({ status, data, error }: Settled<T>): Exclude<QueryState<T>, { status: 'loading' }> {
  return { status, data, error } as Exclude<QueryState<T>, { status: 'loading' }>;
}
