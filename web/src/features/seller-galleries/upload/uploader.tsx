/**
 * Drag and drop, pick, photograph or auto-import photos into the gallery's upload queue (upload-queue.ts):
 * kept on the device until uploaded, 4 at a time, with a progress bar per file and for the batch. Offline,
 * the queue says what waits for the network and goes on by itself when it is back; failed files are
 * named and can be retried, and files not sent yet can be taken out. While another tab sends the files
 * kept on the device for the gallery, the page says so (they come here when that tab is closed).
 */
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import type { Photo } from '#shared/schemas/gallery';
import { uploadTexts as texts } from './upload-texts';
import { sellerGalleryTexts } from '../texts';
import { useMediaQuery } from '../../../lib/use-media-query';
import { ErrorMessage } from '../../../components/error-message';
import { FolderImport } from './folder-import-panel';
import type { UploadQueue } from './upload-queue';
import type { Quality } from './upload-step';
import { batchPercent, type QueuedFile } from './upload-store';
import { useUploadQueue } from './use-upload-queue';
import { canWatchFolders } from './folder-import';
import type { FolderImportStores } from './use-folder-import';

export interface UploaderProps {
  galleryId: string;
  /** A batch of uploads begins: its photos appear (UPLOADING) as each file's upload URL is issued. */
  onStarted: () => void;
  /** The batch is over (every file uploaded or failed, or waiting for the network). */
  onFinished: () => void;
  onUsage: (usage: { used: number; limit: number }) => void;
  /** The gallery's photos by id, so an uploaded file shows whether it is still processing. */
  photoStatus?: ReadonlyMap<string, Photo['status']>;
  /** Tests: a queue with its own store and network, and the folder stores. */
  queue?: UploadQueue;
  folderStores?: FolderImportStores;
}

const ACTIVE: readonly QueuedFile['state'][] = ['waiting', 'uploading', 'retrying'];
/**
 * Files the seller can take out of the queue: failed ones, and ones not sent yet (a photo queued by
 * mistake while offline would otherwise go up, and count, as soon as the network is back).
 */
const REMOVABLE: readonly QueuedFile['state'][] = ['failed', 'waiting', 'offline'];

function stateLabel(item: QueuedFile, status: Photo['status'] | undefined, percent: number): string {
  switch (item.state) {
    case 'done':
      return status === 'READY' ? texts.fileReady : status ? sellerGalleryTexts.processing : texts.fileDone;
    case 'failed':
      return texts.fileFailed;
    case 'retrying':
      return texts.fileRetrying(item.attempt);
    case 'uploading':
      return texts.fileUploading(percent);
    case 'offline':
      return texts.fileOffline;
    default:
      return texts.fileWaiting;
  }
}

interface FileRowProps {
  item: QueuedFile;
  status: Photo['status'] | undefined;
  onRetry: () => void;
  onRemove: () => void;
}

/** A file row's link-styled action, named with the file for screen readers. */
function FileAction({ label, onClick, children }: { label: string; onClick: () => void; children: string }) {
  return (
    <>
      {' '}
      <button type="button" className="button-link" aria-label={label} onClick={onClick}>
        {children}
      </button>
    </>
  );
}

function FileRow({ item, status, onRetry, onRemove }: FileRowProps) {
  const percent = item.file.size ? Math.floor((item.loaded / item.file.size) * 100) : 0;
  const name = item.file.name;
  return (
    <li data-state={item.state} data-photo-status={status}>
      <span className="name" title={item.error ?? name}>
        {name}
      </span>
      <progress max={100} value={item.state === 'done' ? 100 : percent} aria-label={name} />
      <span>
        {stateLabel(item, status, percent)}
        {item.state === 'failed' && (
          <FileAction label={texts.retryFileLabel(name)} onClick={onRetry}>
            {texts.retryFile}
          </FileAction>
        )}
        {REMOVABLE.includes(item.state) && (
          <FileAction label={texts.removeFileLabel(name)} onClick={onRemove}>
            {texts.removeFile}
          </FileAction>
        )}
      </span>
    </li>
  );
}

/** Calls onStarted when the queue gets work and onFinished when it has none left, and passes usage on. */
function useQueueEvents(
  queue: UploadQueue,
  items: readonly QueuedFile[],
  { onStarted, onFinished, onUsage }: Pick<UploaderProps, 'onStarted' | 'onFinished' | 'onUsage'>,
) {
  const active = items.some((f) => ACTIVE.includes(f.state));
  const wasActive = useRef(false);
  const latest = useRef({ onStarted, onFinished, onUsage });
  useEffect(() => {
    latest.current = { onStarted, onFinished, onUsage };
  });
  useEffect(() => {
    if (active === wasActive.current) return;
    wasActive.current = active;
    if (active) latest.current.onStarted();
    else latest.current.onFinished();
  }, [active]);
  const usage = queue.usage;
  useEffect(() => {
    if (usage) latest.current.onUsage(usage);
  }, [usage]);
  return active;
}

export function Uploader({
  galleryId,
  onStarted,
  onFinished,
  onUsage,
  photoStatus,
  queue: givenQueue,
  folderStores,
}: UploaderProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const [quality, setQuality] = useState<Quality>('original');
  const { queue, items, online, keptInAnotherTab } = useUploadQueue(galleryId, givenQueue);
  const [over, setOver] = useState(false);
  const busy = useQueueEvents(queue, items, { onStarted, onFinished, onUsage });
  // The camera input on phones, and wherever the browser cannot watch a folder.
  const coarsePointer = useMediaQuery('(pointer: coarse)');
  const offerCamera = coarsePointer || !canWatchFolders();

  const add = (files: FileList | File[] | null) => {
    if (!files || files.length === 0) return;
    queue.add(Array.from(files), quality);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    add(event.dataTransfer.files);
  };
  const failed = items.filter((f) => f.state === 'failed');
  const done = items.filter((f) => f.state === 'done').length;
  const waitingForNetwork = items.filter((f) => f.state === 'offline').length;

  return (
    <section aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>{texts.upload}</h2>
      <fieldset disabled={busy}>
        <legend>{texts.quality}</legend>
        {(['original', 'optimized'] as const).map((value) => (
          <label key={value} className="radio">
            <input
              type="radio"
              name="quality"
              value={value}
              checked={quality === value}
              onChange={() => setQuality(value)}
            />
            {value === 'original' ? texts.qualityOriginal : texts.qualityOptimized}
          </label>
        ))}
      </fieldset>
      <div
        className={`dropzone${over ? ' is-over' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <p>
          {texts.dropHere}{' '}
          <button type="button" className="button-link" onClick={() => input.current?.click()}>
            {texts.choose}
          </button>
        </p>
        <input
          ref={input}
          id={inputId}
          aria-label={texts.upload}
          tabIndex={-1}
          type="file"
          multiple
          accept="image/*"
          className="visually-hidden"
          onChange={(event) => {
            add(event.target.files);
            event.target.value = '';
          }}
        />
        {offerCamera && (
          <p>
            <button type="button" className="button button-secondary" onClick={() => camera.current?.click()}>
              {texts.takePhotos}
            </button>
            <input
              ref={camera}
              aria-label={texts.takePhotos}
              tabIndex={-1}
              type="file"
              accept="image/*"
              capture="environment"
              className="visually-hidden"
              onChange={(event) => {
                add(event.target.files);
                event.target.value = '';
              }}
            />
          </p>
        )}
        <p className="hint">{texts.sizeLimit}</p>
        <p className="hint">{texts.keptOnDevice}</p>
      </div>
      <FolderImport galleryId={galleryId} onPhotos={add} stores={folderStores} />
      {!online && (
        <p role="status" className="notice">
          {texts.offline(waitingForNetwork)}
        </p>
      )}
      {online && waitingForNetwork > 0 && (
        <p role="status" className="notice">
          {texts.waitingForNetwork(waitingForNetwork)}
        </p>
      )}
      {keptInAnotherTab > 0 && (
        <p role="status" className="notice">
          {texts.keptInAnotherTab(keptInAnotherTab)}
        </p>
      )}
      {items.length > 0 && (
        <div className="batch-progress">
          <p role="status" aria-live="polite">
            {texts.batchProgress(done, items.length)}
          </p>
          <progress
            max={100}
            value={batchPercent(items)}
            aria-label={texts.batchProgress(done, items.length)}
          />
          <ul className="upload-list">
            {items.map((item) => (
              <FileRow
                key={item.clientFileId}
                item={item}
                status={item.photoId ? photoStatus?.get(item.photoId) : undefined}
                onRetry={() => queue.retry([item.clientFileId])}
                onRemove={() => queue.remove(item.clientFileId)}
              />
            ))}
          </ul>
        </div>
      )}
      {failed.length > 0 && !busy && (
        <>
          <ErrorMessage message={texts.failedFiles(failed.map((f) => f.file.name))} />
          {[...new Set(failed.map((f) => f.error).filter(Boolean))].map((message) => (
            <p key={message} className="hint">
              {message}
            </p>
          ))}
          <button type="button" className="button" onClick={() => queue.retry()}>
            {texts.retryFailed}
          </button>
        </>
      )}
    </section>
  );
}
