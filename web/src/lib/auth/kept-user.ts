/**
 * The last user GET /users returned on this device, kept so the seller app opens signed in while
 * offline. It is written on every successful read and removed on sign-out and on a 401, so
 * it only exists on a device where someone signed in and has not signed out since: being offline never
 * signs anyone in on its own. Each user is kept under their id (the Cognito `sub`), beside a pointer to
 * the last one, so a token is matched to its own user and never to someone else's.
 */
import { User } from '#shared/schemas/user';

const USER_KEY_PREFIX = 'shutterlane.user.';
const LAST_USER_KEY = 'shutterlane.lastUserId';

export type KeptUserStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** localStorage, or none where it is blocked or absent (Node): nothing is kept then. */
function defaultStorage(): KeptUserStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function keepUser(user: User, storage = defaultStorage()): void {
  try {
    storage?.setItem(USER_KEY_PREFIX + user.id, JSON.stringify(user));
    storage?.setItem(LAST_USER_KEY, user.id);
  } catch {
    // A full or blocked storage only costs the offline start.
  }
}

/** The kept user with this id (the last one when no id is given), or null. */
export function keptUser(userId?: string | null, storage = defaultStorage()): User | null {
  try {
    const id = userId ?? storage?.getItem(LAST_USER_KEY);
    if (!id) return null;
    const text = storage?.getItem(USER_KEY_PREFIX + id);
    if (!text) return null;
    const parsed = User.safeParse(JSON.parse(text));
    return parsed.success && parsed.data.id === id ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Removes the last user (sign-out, 401): the device then opens signed out, online or not. */
export function forgetUser(storage = defaultStorage()): void {
  try {
    const id = storage?.getItem(LAST_USER_KEY);
    if (id) storage?.removeItem(USER_KEY_PREFIX + id);
    storage?.removeItem(LAST_USER_KEY);
  } catch {
    // Nothing kept, nothing to remove.
  }
}

/** The `sub` claim of a JWT, read without checking it (the device only picks which kept user to show). */
export function tokenSubject(token: string): string | null {
  try {
    const payload = token.split('.')[1];
    if (!payload) return null;
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const sub: unknown = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' && sub !== '' ? sub : null;
  } catch {
    return null;
  }
}
