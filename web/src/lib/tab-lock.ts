/**
 * A lock held by one tab (or installed app window) of the app at a time, by name: the seller's upload
 * queue takes one per gallery so that only one tab sends the files kept on the device. In the browser it
 * is the Web Locks API (navigator.locks), which gives a lock to the next tab that asked for it when the
 * holder releases it or its page goes away. Callers see only `TabLock`, so tests hand the queue a lock
 * they control (web/src/testing/handover-lock.ts).
 */

export interface TabLockEvents {
  /** This tab holds the lock, until it gives it up. */
  held(): void;
  /** Another tab holds the lock: this one waits, and `held` follows when the other lets it go. */
  waiting(): void;
}

export interface TabLock {
  /** Asks for the lock `name`; returns the function that gives it up (or stops waiting for it). */
  request(name: string, events: TabLockEvents): () => void;
}

/** No other tab to share with (Node, or a browser without Web Locks): the lock is held at once. */
export const immediateTabLock: TabLock = {
  request(_name, events) {
    events.held();
    return () => undefined;
  },
};

/** navigator.locks: tells `waiting` only when another tab holds the lock, so a lone tab never waits. */
function webLock(locks: LockManager): TabLock {
  return {
    request(name, events) {
      let given = false;
      const stopWaiting = new AbortController();
      let letGo: () => void = () => undefined;
      // The lock is held as long as the promise the callback returns is pending.
      const hold = () => {
        if (given) return undefined;
        events.held();
        return new Promise<void>((resolve) => (letGo = resolve));
      };
      void locks
        .request(name, { ifAvailable: true }, (lock) => {
          if (lock) return hold();
          if (given) return undefined;
          events.waiting();
          // Not returned: this callback holds nothing, and its request is over once it returns.
          locks.request(name, { signal: stopWaiting.signal }, hold).catch(() => undefined);
          return undefined;
        })
        .catch(() => undefined);
      return () => {
        given = true;
        stopWaiting.abort();
        letGo();
      };
    },
  };
}

/** The browser's lock where it has Web Locks (Chromium, Firefox, Safari 15.4+), else the immediate one. */
export function browserTabLock(): TabLock {
  return typeof navigator !== 'undefined' && navigator.locks ? webLock(navigator.locks) : immediateTabLock;
}
