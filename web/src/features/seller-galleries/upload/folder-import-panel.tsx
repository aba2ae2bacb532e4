/**
 * Auto-import on the gallery page: watch a folder (File System Access API) whose new photos go into the
 * upload queue; a folder remembered from a past visit is watched again, after a click where the browser
 * asks for its permission again. Where the browser cannot read folders the panel says so (the file and
 * camera pickers beside it are the way in).
 */
import { uploadTexts as texts } from './upload-texts';
import { useFolderImport, type FolderImportStores } from './use-folder-import';

export interface FolderImportProps {
  galleryId: string;
  onPhotos: (files: File[]) => void;
  /** Tests: the remembered folders and imported files in memory. */
  stores?: FolderImportStores | undefined;
}

export function FolderImport({ galleryId, onPhotos, stores }: FolderImportProps) {
  const { status, folderName, error, choose, resume, stop } = useFolderImport(galleryId, onPhotos, stores);
  if (status === 'unsupported')
    return (
      <p className="hint" data-testid="no-folder-access">
        {texts.noFolderAccess}
      </p>
    );
  const name = folderName ?? '';
  return (
    <div className="folder-import">
      <h3>{texts.autoImport}</h3>
      {status === 'none' && (
        <>
          <p className="hint">{texts.autoImportHint}</p>
          <button type="button" className="button button-secondary" onClick={() => void choose()}>
            {texts.watchFolder}
          </button>
        </>
      )}
      {status === 'paused' && (
        <>
          <p>{texts.folderPaused(name)}</p>
          <button type="button" className="button" onClick={() => void resume()}>
            {texts.resumeWatching(name)}
          </button>{' '}
          <button type="button" className="button-link" onClick={() => void stop()}>
            {texts.stopWatching}
          </button>
        </>
      )}
      {status === 'watching' && (
        <>
          <p role="status">{texts.watchingFolder(name)}</p>
          <button type="button" className="button-link" onClick={() => void stop()}>
            {texts.stopWatching}
          </button>
        </>
      )}
      {error !== null && <p className="hint">{texts.folderUnreadable}</p>}
    </div>
  );
}
