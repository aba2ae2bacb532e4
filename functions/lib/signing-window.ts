/**
 * When a default-lifetime URL is signed: at the start of a fixed window rather than now, so every
 * request within the window gets the very same URL (the seller's grid polls every second while photos
 * process; a new X-Amz-Date each time made the browser download every thumbnail again). Each object's
 * windows are shifted by an offset taken from its key, so the URLs of a grid do not all change at the
 * same second: at most a few thumbnails are fetched again at any time. The URL lives for the TTL plus a
 * window, so whenever it is handed out it still has at least the TTL to run.
 */
export interface SigningWindow {
  /** The signature's X-Amz-Date: the start of the object's current window (whole seconds). */
  signingDate: Date;
  /** X-Amz-Expires, counted from `signingDate`. */
  expiresIn: number;
}

/** FNV-1a over the key's UTF-16 code units: cheap, stable across processes, spread enough for offsets. */
function keyHash(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function signingWindow(
  key: string,
  now: Date,
  { ttlSeconds, windowSeconds }: { ttlSeconds: number; windowSeconds: number },
): SigningWindow {
  const offset = keyHash(key) % windowSeconds;
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const start = Math.floor((nowSeconds - offset) / windowSeconds) * windowSeconds + offset;
  return { signingDate: new Date(start * 1000), expiresIn: ttlSeconds + windowSeconds };
}
