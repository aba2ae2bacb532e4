/**
 * What customers did that makes no call of its own (a photo opened in the viewer, a download, a ZIP):
 * counted in memory and sent as one small count call per page when the page is hidden or left
 * (`visibilitychange` to hidden, `pagehide`), with `navigator.sendBeacon` so the browser delivers it
 * after the page has gone (a `keepalive` fetch where it cannot). Counts only: no cookie, no id of the
 * visitor. Kept tiny and free of dependencies: the customer routes' first JavaScript has a budget.
 */
import addresses from 'virtual:route-addresses';
import { API_BASE } from '#shared/contract/route-paths';
import { ACTIVITY_MAX_PER_CALL, type BeaconField } from '#shared/rules/activity';
import type { ActivityBody } from '#shared/schemas/activity';

export type ActivityTarget = { kind: 'order'; id: string } | { kind: 'gallery'; id: string };
type FieldOf<T extends ActivityTarget> = T['kind'] extends 'order' ? BeaconField : 'photoViews';

interface Pending {
  target: ActivityTarget;
  counts: Partial<Record<BeaconField, number>>;
}

const pending = new Map<string, Pending>();
let listening = false;

/** Sends one count call; a refused beacon (too much queued) goes as a keepalive fetch. Never throws. */
export function sendCount(body: ActivityBody): void {
  const url = `${API_BASE}${addresses.recordActivity.path}`;
  const data = JSON.stringify(body);
  try {
    if (navigator.sendBeacon?.(url, data)) return;
  } catch {
    // A browser that refuses the beacon outright: the fetch below.
  }
  void fetch(url, {
    method: 'POST',
    body: data,
    keepalive: true,
    headers: { 'content-type': 'application/json' },
  }).catch(() => undefined);
}

/**
 * Sends what was counted, a call per target, each count at most ACTIVITY_MAX_PER_CALL (the server's
 * bound); anything above waits for the next flush.
 */
export function flushActivity(send: (body: ActivityBody) => void = sendCount): void {
  for (const [key, entry] of pending) {
    const counts: Partial<Record<BeaconField, number>> = {};
    let left = false;
    for (const [field, value] of Object.entries(entry.counts) as [BeaconField, number][]) {
      counts[field] = Math.min(value, ACTIVITY_MAX_PER_CALL);
      entry.counts[field] = value - counts[field];
      if (entry.counts[field] > 0) left = true;
      else delete entry.counts[field];
    }
    if (!left) pending.delete(key);
    send({ ...entry.target, counts } as ActivityBody);
  }
}

const flushWhenHidden = () => {
  if (document.visibilityState === 'hidden') flushActivity();
};

/** Counts one thing the customer did; sent when the page is hidden or left. */
export function countActivity<T extends ActivityTarget>(target: T, field: FieldOf<T>, by = 1): void {
  if (by <= 0) return;
  const key = `${target.kind}:${target.id}`;
  const entry = pending.get(key) ?? { target: { kind: target.kind, id: target.id }, counts: {} };
  entry.counts[field] = (entry.counts[field] ?? 0) + by;
  pending.set(key, entry);
  if (listening) return;
  listening = true;
  document.addEventListener('visibilitychange', flushWhenHidden);
  window.addEventListener('pagehide', () => flushActivity());
}
