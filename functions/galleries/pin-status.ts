/** What the seller sees of a PIN gallery's wrong PINs (shared/rules/pin-attempts.ts). */
import { PUBLIC_GALLERY_LIMITS } from '#shared/rules/public-gallery-limits';
import { isPinLocked } from '#shared/rules/pin-attempts';
import type { PinStatus } from '#shared/schemas/public-gallery';
import { pinAttemptsOf } from '../domains/public-galleries/pin-attempt-store';
import type { PublicGalleryRecord } from '../domains/public-galleries/public-gallery-store';

const isoTime = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());

export function pinStatusOf(record: PublicGalleryRecord): PinStatus {
  const attempts = pinAttemptsOf(record);
  const lastFailureAt = isoTime(attempts.lastFailureAt);
  const locked = isPinLocked(attempts);
  // The lock's own time is written just after the wrong PIN that reached it: that one's, if missing.
  const lockedAt = locked ? (record.pinLockedAt ?? lastFailureAt) : undefined;
  return {
    failures: attempts.failures,
    ...(lastFailureAt && { lastFailureAt }),
    locked,
    ...(lockedAt && { lockedAt }),
    // A PIN set before lengths were recorded may be as short as the old minimum.
    belowMinimum: (record.pinLength ?? PUBLIC_GALLERY_LIMITS.pin.oldestMin) < PUBLIC_GALLERY_LIMITS.pin.min,
  };
}
