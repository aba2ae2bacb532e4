/**
 * 'Save to Photos' beside 'Download ZIP', on phones whose browser shares image files (save-to-photos.ts):
 * one button per batch of photos, each opening the share sheet with its own tap; the progress and the
 * outcome are announced politely.
 */
import type { FulfilledOrder } from '#shared/schemas/order';
import { ErrorMessage } from '../../../components/error-message';
import { orderGalleryTexts as texts } from '../texts';
import { useSaveToPhotos } from './use-save-to-photos';

interface SaveToPhotosActionProps {
  freshOrder: () => Promise<FulfilledOrder>;
  total: number;
  /** Photos handed to the share sheet or saved (the customer activity's single downloads). */
  onSaved?: (photos: number) => void;
}

export function SaveToPhotosAction({ freshOrder, total, onSaved }: SaveToPhotosActionProps) {
  const { state, prepare, save } = useSaveToPhotos(freshOrder, undefined, onSaved);
  const start = (
    <button type="button" className="button button-secondary" onClick={() => void prepare()}>
      {texts.saveToPhotos}
    </button>
  );
  return (
    <div className="save-to-photos">
      {(state.step === 'idle' || state.step === 'done' || state.step === 'failed') && start}
      {state.step === 'preparing' && (
        <button type="button" className="button button-secondary" disabled>
          {texts.saveToPhotos}
        </button>
      )}
      {state.step === 'ready' && (
        <button type="button" className="button" onClick={() => void save(state.batch, total)}>
          {state.batch.kind === 'download'
            ? texts.downloadLargePhoto(state.batch.from, total)
            : texts.saveBatch(state.batch.from, state.batch.to, total)}
        </button>
      )}
      <p className="hint" role="status" aria-live="polite">
        {state.step === 'preparing' && texts.preparingPhotos(state.from, total)}
        {state.step === 'ready' && texts.saveToPhotosHint}
        {state.step === 'done' && texts.allShared(total)}
      </p>
      {state.step === 'failed' && <ErrorMessage message={texts.savePhotosFailed} />}
    </div>
  );
}
