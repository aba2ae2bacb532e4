import type { TabLock, TabLockEvents } from '../lib/tab-lock';

/**
 * A tab lock that another tab holds until the test calls `handOver()` (that tab was closed): requests
 * made before wait (and hear `waiting`), and are granted in order of asking, one at a time, as each
 * holder gives it up. Once handed over, a new request is granted at once if nothing holds the lock.
 */
export function heldElsewhere(): TabLock & { handOver(): void; requests(): number } {
  const queue: { events: TabLockEvents; given: boolean }[] = [];
  let holder: { given: boolean } | null = { given: false };
  let asked = 0;
  const next = () => {
    while (!holder && queue.length > 0) {
      const first = queue.shift()!;
      if (first.given) continue;
      holder = first;
      first.events.held();
    }
  };
  return {
    request(_name, events) {
      asked++;
      const entry = { events, given: false };
      queue.push(entry);
      if (holder) events.waiting();
      else next();
      return () => {
        entry.given = true;
        if (holder === entry) {
          holder = null;
          next();
        }
      };
    },
    handOver() {
      holder = null;
      next();
    },
    requests: () => asked,
  };
}
