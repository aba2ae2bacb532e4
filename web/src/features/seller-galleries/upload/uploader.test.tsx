// @vitest-environment happy-dom
/**
 * The uploader over a queue with an in-memory store and a network the test switches: files added
 * offline say they wait for the network and upload without a click once it is back, and one not sent
 * yet can be removed; a failed file has its own Retry; where the browser cannot watch folders the page
 * says so and offers the camera; while another tab sends the files kept on the device, the page says so.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { memoryStore, scopedKey, type KeyValueStore } from '../../../lib/device-store';
import { ServicesProvider } from '../../../lib/services';
import { uploadTexts as texts } from './upload-texts';
import { fakeServices } from '../../../testing/fake-services';
import { switchableNetwork } from '../../../testing/switchable-network';
import { Uploader } from './uploader';
import { UploadQueue } from './upload-queue';
import type { StoredUpload } from './upload-store';
import type { TabLock } from '../../../lib/tab-lock';
import { heldElsewhere } from '../../../testing/handover-lock';
import type { UploadStep } from './upload-step';

afterEach(cleanup);

const photo = (name: string) => new File([new Uint8Array(10)], name, { type: 'image/jpeg' });

function renderUploader(
  step: UploadStep,
  online: boolean,
  { store = memoryStore<StoredUpload>(), lock }: { store?: KeyValueStore<StoredUpload>; lock?: TabLock } = {},
) {
  const network = switchableNetwork(online);
  const services = fakeServices({});
  const queue = new UploadQueue({
    api: services.api,
    galleryId: 'g1',
    store,
    network,
    stepFor: () => step,
    retryDelayMs: 0,
    keptCheckMs: 5,
    ...(lock && { lock }),
  });
  const onStarted = vi.fn();
  const onFinished = vi.fn();
  render(
    <ServicesProvider services={services}>
      <Uploader
        galleryId="g1"
        onStarted={onStarted}
        onFinished={onFinished}
        onUsage={vi.fn()}
        queue={queue}
        folderStores={{ folders: memoryStore(), imported: memoryStore() }}
      />
    </ServicesProvider>,
  );
  const add = (...files: File[]) =>
    fireEvent.change(screen.getByLabelText(texts.upload, { selector: 'input' }), { target: { files } });
  return { network, add, onStarted, onFinished };
}

const row = (name: string) => screen.getByText(name, { selector: '.name' }).closest('li')!;

it('shows files added offline as waiting for the network, and uploads them without a click when it is back', async () => {
  const step = vi.fn<UploadStep>(async ({ onProgress, file }) => onProgress(file.size));
  const { network, add, onStarted, onFinished } = renderUploader(step, false);
  add(photo('a.jpg'), photo('b.jpg'));
  await screen.findByText(texts.offline(2));
  expect(within(row('a.jpg')).getByText(texts.fileOffline)).toBeTruthy();
  expect(step).not.toHaveBeenCalled();

  act(() => network.set(true));
  await screen.findByText(texts.batchProgress(2, 2));
  expect(step).toHaveBeenCalledTimes(2);
  expect(screen.queryByText(texts.offline(0))).toBeNull();
  expect(onStarted).toHaveBeenCalledTimes(1);
  await waitFor(() => expect(onFinished).toHaveBeenCalledTimes(1));
});

it('lets a file queued offline be removed before it is sent: only the others go once the network is back', async () => {
  const step = vi.fn<UploadStep>(async ({ onProgress, file }) => onProgress(file.size));
  const { network, add } = renderUploader(step, false);
  add(photo('keep.jpg'), photo('mistake.jpg'));
  await screen.findByText(texts.offline(2));
  fireEvent.click(screen.getByRole('button', { name: texts.removeFileLabel('mistake.jpg') }));
  await screen.findByText(texts.offline(1));
  expect(screen.queryByText('mistake.jpg', { selector: '.name' })).toBeNull();

  act(() => network.set(true));
  await screen.findByText(texts.batchProgress(1, 1));
  expect(step.mock.calls.map(([job]) => job.file.name)).toEqual(['keep.jpg']);
  expect(screen.queryByRole('button', { name: texts.removeFileLabel('keep.jpg') })).toBeNull();
});

it('names a failed file with its own Retry, which uploads it', async () => {
  let refuse = true;
  const step = vi.fn<UploadStep>(async () => {
    if (refuse) throw new ApiError('Bad gateway', 502, 'Bad Gateway');
  });
  const { add } = renderUploader(step, true);
  add(photo('a.jpg'));
  await screen.findByText(texts.failedFiles(['a.jpg']));
  expect(within(row('a.jpg')).getByText(texts.fileFailed)).toBeTruthy();

  refuse = false;
  fireEvent.click(screen.getByRole('button', { name: texts.retryFileLabel('a.jpg') }));
  await screen.findByText(texts.batchProgress(1, 1));
  expect(screen.queryByText(texts.failedFiles(['a.jpg']))).toBeNull();
});

it('says when the browser cannot watch a folder, and offers the camera', () => {
  renderUploader(vi.fn<UploadStep>(), true);
  expect(screen.getByText(texts.noFolderAccess)).toBeTruthy();
  const camera = screen.getByLabelText(texts.takePhotos, { selector: 'input' });
  expect(camera.getAttribute('capture')).toBe('environment');
  expect(camera.getAttribute('accept')).toBe('image/*');
});

it('says while another tab sends the files kept on the device, and takes them over when that tab goes', async () => {
  const store = memoryStore<StoredUpload>();
  for (const name of ['a.jpg', 'b.jpg'])
    await store.put(scopedKey('g1', name), {
      clientFileId: name,
      galleryId: 'g1',
      quality: 'original',
      file: photo(name),
      addedAt: 0,
    });
  const lock = heldElsewhere();
  const step = vi.fn<UploadStep>(async ({ onProgress, file }) => onProgress(file.size));
  renderUploader(step, true, { store, lock });
  const note = await screen.findByText(texts.keptInAnotherTab(2));
  expect(note.getAttribute('role')).toBe('status');
  expect(step).not.toHaveBeenCalled();

  act(() => lock.handOver());
  await screen.findByText(texts.batchProgress(2, 2));
  expect(step).toHaveBeenCalledTimes(2);
  expect(screen.queryByText(texts.keptInAnotherTab(2))).toBeNull();
});
