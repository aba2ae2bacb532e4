import type { NetworkWatch } from '../lib/network-watch';

/** A network a test switches on and off. */
export function switchableNetwork(online = true): NetworkWatch & { set(online: boolean): void } {
  const listeners = new Set<(online: boolean) => void>();
  let state = online;
  return {
    isOnline: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set(next) {
      state = next;
      for (const listener of listeners) listener(next);
    },
  };
}
