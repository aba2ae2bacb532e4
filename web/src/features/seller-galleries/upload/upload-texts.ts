/**
 * Texts of a gallery's uploads: the drop zone, the queue kept on the device, auto-import from a folder.
 * The spec does not show these screens (the original used mobile apps), so the words are ours.
 */
import { MAX_UPLOAD_MEGABYTES } from '#shared/rules/constants';

export const uploadTexts = {
  // Uploads
  upload: 'Upload photos',
  dropHere: 'Drop photos here, or',
  choose: 'choose files',
  quality: 'What customers get',
  qualityOriginal: 'Original quality (the files as uploaded)',
  qualityOptimized: 'Optimized for social media (2048 px, smaller files)',
  sizeLimit: `JPEG, PNG, WebP, TIFF, AVIF or GIF, up to ${MAX_UPLOAD_MEGABYTES} MB each.`,
  batchProgress: (done: number, total: number) => `Uploaded ${done} of ${total}`,
  fileWaiting: 'Waiting',
  fileUploading: (percent: number) => `${percent}%`,
  fileDone: 'Uploaded',
  fileRetrying: (attempt: number) => `Retrying (attempt ${attempt})`,
  fileFailed: 'Failed',
  failedFiles: (names: string[]) => `These files could not be uploaded: ${names.join(', ')}`,
  retryFailed: 'Retry failed files',

  // The upload queue: kept on the device, paused offline
  fileOffline: 'Waiting for the network',
  fileReady: 'Ready',
  retryFile: 'Retry',
  retryFileLabel: (name: string) => `Retry uploading ${name}`,
  removeFile: 'Remove',
  removeFileLabel: (name: string) => `Remove ${name} from the queue`,
  keptOnDevice:
    'Photos in the queue are kept on this device until they are uploaded, even if you close the page.',
  offline: (waiting: number) =>
    waiting === 0
      ? 'You are offline. Photos you add wait here and upload by themselves when the network is back.'
      : `You are offline: ${waiting === 1 ? '1 photo waits for the network and will upload by itself' : `${waiting} photos wait for the network and will upload by themselves`} when it is back.`,
  waitingForNetwork: (waiting: number) =>
    `${waiting === 1 ? '1 photo waits' : `${waiting} photos wait`} for the network; the upload goes on by itself.`,
  takePhotos: 'Take photos',
  /** The gallery is open in another tab (or the app window), which sends the files kept on the device. */
  keptInAnotherTab: (count: number) =>
    `${count === 1 ? '1 photo kept on this device is' : `${count} photos kept on this device are`} uploading in another tab or window. If you close it, they go on here.`,

  // Auto-import from a folder
  autoImport: 'Auto-import from a folder',
  autoImportHint:
    'Pick the folder your camera, card reader or tethering program saves to: new photos in it are uploaded to this gallery while this page is open.',
  watchFolder: 'Watch a folder',
  watchingFolder: (name: string) => `Watching “${name}”: new photos in it are uploaded to this gallery.`,
  stopWatching: 'Stop watching',
  folderPaused: (name: string) => `Your browser asks for your permission again to read “${name}”.`,
  resumeWatching: (name: string) => `Watch “${name}” again`,
  folderUnreadable: 'The folder could not be read. Pick it again.',
  noFolderAccess:
    'This browser cannot watch a folder. Choose files, or take photos with the camera: they go straight into the queue.',
} as const;
