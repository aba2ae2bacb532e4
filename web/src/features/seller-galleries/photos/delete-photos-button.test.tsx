// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { sellerToolErrors } from '#shared/texts/seller-tools-errors';
import { ApiError } from '../../../lib/api-client';
import { ServicesProvider } from '../../../lib/services';
import { fakeServices } from '../../../testing/fake-services';
import { DeletePhotosButton } from './delete-photos-button';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderButton(deletePhoto: () => Promise<undefined>, onDeleted = vi.fn()) {
  render(
    <ServicesProvider services={fakeServices({ deletePhoto })}>
      <DeletePhotosButton galleryId="g1" photoIds={['p1', 'p2']} onDeleted={onDeleted} />
    </ServicesProvider>,
  );
  return onDeleted;
}

it('deletes every selected photo after the confirmation, then reports back', async () => {
  vi.stubGlobal(
    'confirm',
    vi.fn(() => true),
  );
  const deletePhoto = vi.fn(async () => undefined);
  const onDeleted = renderButton(deletePhoto);
  fireEvent.click(screen.getByRole('button', { name: 'Delete 2 photos' }));
  await waitFor(() => expect(onDeleted).toHaveBeenCalledWith(['p1', 'p2']));
  expect(deletePhoto.mock.calls).toEqual([
    [{ galleryId: 'g1', photoId: 'p1' }],
    [{ galleryId: 'g1', photoId: 'p2' }],
  ]);
});

it('deletes nothing when the seller cancels', () => {
  vi.stubGlobal(
    'confirm',
    vi.fn(() => false),
  );
  const deletePhoto = vi.fn(async () => undefined);
  renderButton(deletePhoto);
  fireEvent.click(screen.getByRole('button', { name: 'Delete 2 photos' }));
  expect(deletePhoto).not.toHaveBeenCalled();
});

it('says why a photo was kept (it is in an order a customer can still open)', async () => {
  vi.stubGlobal(
    'confirm',
    vi.fn(() => true),
  );
  const deletePhoto = vi
    .fn<() => Promise<undefined>>()
    .mockResolvedValueOnce(undefined)
    .mockRejectedValueOnce(new ApiError(sellerToolErrors.photoInOpenOrder, 409, 'Conflict'));
  const onDeleted = renderButton(deletePhoto);
  fireEvent.click(screen.getByRole('button', { name: 'Delete 2 photos' }));
  expect((await screen.findByRole('alert')).textContent).toBe(sellerToolErrors.photoInOpenOrder);
  // The first was deleted before the second was refused: only it is reported.
  expect(onDeleted).toHaveBeenCalledWith(['p1']);
});
