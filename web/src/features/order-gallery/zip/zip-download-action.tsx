/**
 * 'Download ZIP' and its progress, a component of its own: the progress changes once per photo, and
 * re-rendering the whole gallery (its masonry layout of every photo) each time cost a big order's
 * ZIP time and left megabytes of garbage per photo in the tab's heap (the browser ZIP bench).
 */
import type { FulfilledOrder } from '#shared/schemas/order';
import { orderGalleryTexts as texts } from '../texts';
import { useZipDownload } from './use-zip-download';

interface ZipDownloadActionProps {
  orderId: string;
  freshOrder: () => Promise<FulfilledOrder>;
  /** Photos in the order, for the progress bar. */
  total: number;
}

export function ZipDownloadAction({ orderId, freshOrder, total }: ZipDownloadActionProps) {
  const zip = useZipDownload(orderId, freshOrder);
  return (
    <>
      <div className="actions gallery-actions">
        <button type="button" className="button" onClick={zip.start} disabled={zip.progress !== null}>
          {texts.downloadZip}
        </button>
      </div>
      {zip.progress !== null && (
        <div className="zip-progress" role="status" aria-live="polite">
          <progress max={Math.max(total, 1)} value={zip.progress} aria-label={texts.zipProgressLabel} />
          <span>{texts.zipProgress(zip.progress, total)}</span>
        </div>
      )}
    </>
  );
}
