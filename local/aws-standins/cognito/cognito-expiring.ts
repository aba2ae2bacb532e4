/**
 * Short-lived server-side state behind an opaque random handle: SRP exchanges (keyed by their
 * SECRET_BLOCK), challenge sessions, authorization codes, hosted sign-in sessions. Cognito keeps
 * such state encrypted inside the handle; a map in memory behaves the same to clients, except that
 * it does not survive a restart (a sign-in in progress then has to start again).
 */
import { randomBytes } from 'node:crypto';

interface Entry<T> {
  value: T;
  expiresAt: number;
}

export type Lookup<T> = { found: true; value: T } | { found: false; expired: boolean };

export class ExpiringMap<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly lifetimeMs: number,
    /** Makes each handle: by default 48 random bytes in base64, like Cognito's Session strings. */
    private readonly newHandle: () => string = () => randomBytes(48).toString('base64'),
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Stores `value` under a new random handle, which it returns. */
  add(value: T): string {
    this.sweep();
    const handle = this.newHandle();
    this.entries.set(handle, { value, expiresAt: this.now() + this.lifetimeMs });
    return handle;
  }

  get(handle: string): Lookup<T> {
    const entry = this.entries.get(handle);
    if (!entry) return { found: false, expired: false };
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(handle);
      return { found: false, expired: true };
    }
    return { found: true, value: entry.value };
  }

  /** Like `get`, and the handle stops working: single-use state (codes, SRP exchanges). */
  take(handle: string): Lookup<T> {
    const lookup = this.get(handle);
    this.entries.delete(handle);
    return lookup;
  }

  delete(handle: string): void {
    this.entries.delete(handle);
  }

  private sweep(): void {
    const now = this.now();
    for (const [handle, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(handle);
  }
}
