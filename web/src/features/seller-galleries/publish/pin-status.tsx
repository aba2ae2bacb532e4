/**
 * A PIN gallery's wrong PINs as its seller sees them (shared/rules/pin-attempts.ts): how many since the
 * PIN was set or last unlocked, the lock and the button that lifts it, and a notice when the PIN may be
 * shorter than a new one may be.
 */
import type { PinStatus, PublicGalleryAdmin } from '#shared/schemas/public-gallery';
import { formatDate } from '#shared/rules/dates';
import { ErrorMessage } from '../../../components/error-message';
import { useServices } from '../../../lib/services';
import { useAction } from '../../../lib/use-action';
import { publicGalleryTexts as texts } from './public-gallery-texts';

export interface PinStatusProps {
  galleryId: string;
  status: PinStatus;
  /** The gallery's public settings after the unlock. */
  onUnlocked: (admin: PublicGalleryAdmin) => void;
}

function attemptsText({ failures, lastFailureAt }: PinStatus): string {
  return failures === 0 ? texts.noWrongPins : texts.wrongPins(failures, formatDate(lastFailureAt, 'full'));
}

export function PinStatusPanel({ galleryId, status, onUnlocked }: PinStatusProps) {
  const { api } = useServices();
  const unlock = useAction({
    run: async () => onUnlocked(await api.unlockPublicGalleryPin({ galleryId })),
    failure: texts.unlockFailed,
  });
  return (
    <section className="panel pin-status" aria-label={texts.pinStatus}>
      {status.locked ? (
        <>
          <p className="error-message" role="status">
            {texts.pinLocked(formatDate(status.lockedAt, 'full'))}
          </p>
          <p className="hint">{texts.pinLockedHint}</p>
          <button type="button" className="button" disabled={unlock.busy} onClick={() => void unlock.run()}>
            {unlock.busy ? texts.unlocking : texts.unlockPin}
          </button>
          <ErrorMessage message={unlock.error} />
        </>
      ) : (
        <p>{attemptsText(status)}</p>
      )}
      {status.belowMinimum && <p className="hint">{texts.pinBelowMinimum}</p>}
    </section>
  );
}
