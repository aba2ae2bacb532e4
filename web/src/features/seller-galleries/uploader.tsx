/**
 * Drag and drop or pick many photos; each goes to the originals bucket through its own signed URL,
 * 4 at a time, with a progress bar per file and for the batch; failed files are named and can be retried.
 */
import { useId, useRef, useState, type DragEvent } from 'react';
import { sellerToolTexts as texts } from '../../lib/texts/seller-tools';
import { useServices } from '../../lib/services';
import { ErrorMessage } from '../../components/error-message';
import { batchPercent, queueFile, runUploads, type QueuedFile, type Quality } from './upload-queue';

export interface UploaderProps {
  galleryId: string;
  /** A batch of uploads begins: its photos appear (UPLOADING) as each file's upload URL is issued. */
  onStarted: () => void;
  /** The batch is over (every file uploaded or failed). */
  onFinished: () => void;
  onUsage: (usage: { used: number; limit: number }) => void;
}

function FileRow({ item }: { item: QueuedFile }) {
  const percent = item.file.size ? Math.floor((item.loaded / item.file.size) * 100) : 0;
  const label =
    item.state === 'done'
      ? texts.fileDone
      : item.state === 'failed'
        ? texts.fileFailed
        : item.state === 'retrying'
          ? texts.fileRetrying(item.attempt)
          : item.state === 'uploading'
            ? texts.fileUploading(percent)
            : texts.fileWaiting;
  return (
    <li data-state={item.state}>
      <span className="name" title={item.error ?? item.file.name}>
        {item.file.name}
      </span>
      <progress max={100} value={item.state === 'done' ? 100 : percent} aria-label={item.file.name} />
      <span>{label}</span>
    </li>
  );
}

export function Uploader({ galleryId, onStarted, onFinished, onUsage }: UploaderProps) {
  const { api } = useServices();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [quality, setQuality] = useState<Quality>('original');
  const [queue, setQueue] = useState<QueuedFile[]>([]);
  const [busy, setBusy] = useState(false);
  const [over, setOver] = useState(false);
  const [, setTick] = useState(0);

  const start = async (items: QueuedFile[]) => {
    setBusy(true);
    onStarted();
    await runUploads(items, {
      api,
      galleryId,
      quality,
      onChange: () => setTick((t) => t + 1),
      onUsage,
    });
    setBusy(false);
    onFinished();
  };

  const add = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const items = Array.from(files, queueFile);
    setQueue((current) => [...current.filter((f) => f.state !== 'done'), ...items]);
    void start(items);
  };

  const retryFailed = () => {
    const failed = queue.filter((f) => f.state === 'failed');
    failed.forEach((f) => Object.assign(f, { state: 'waiting', loaded: 0, error: undefined }));
    void start(failed);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    add(event.dataTransfer.files);
  };
  const failed = queue.filter((f) => f.state === 'failed');
  const done = queue.filter((f) => f.state === 'done').length;

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
        <p className="hint">{texts.sizeLimit}</p>
      </div>
      {queue.length > 0 && (
        <div className="batch-progress">
          <p role="status" aria-live="polite">
            {texts.batchProgress(done, queue.length)}
          </p>
          <progress
            max={100}
            value={batchPercent(queue)}
            aria-label={texts.batchProgress(done, queue.length)}
          />
          <ul className="upload-list">
            {queue.map((item) => (
              <FileRow key={item.clientFileId} item={item} />
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
          <button type="button" className="button" onClick={retryFailed}>
            {texts.retryFailed}
          </button>
        </>
      )}
    </section>
  );
}
