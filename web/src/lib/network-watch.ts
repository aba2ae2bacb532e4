/**
 * Whether the device thinks it is online, and word when that changes (navigator.onLine and the window's
 * online/offline events). "Online" only means a network is connected, not that the server answers:
 * callers still treat a failed request as a possible network loss.
 */
export interface NetworkWatch {
  isOnline(): boolean;
  /** Calls `listener` on every change; returns the function that stops it. */
  subscribe(listener: (online: boolean) => void): () => void;
}

export const browserNetwork: NetworkWatch = {
  // Where the browser does not say (Node in unit tests), assume a network.
  isOnline: () => typeof navigator === 'undefined' || navigator.onLine !== false,
  subscribe(listener) {
    if (typeof window === 'undefined') return () => undefined;
    const online = () => listener(true);
    const offline = () => listener(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  },
};
