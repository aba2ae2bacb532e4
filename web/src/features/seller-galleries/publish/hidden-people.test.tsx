// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HiddenPeopleView } from '#shared/schemas/public-gallery';
import { describeSelfie } from '../../../lib/faces/selfie-descriptor';
import { ServicesProvider } from '../../../lib/services';
import { fakeServices } from '../../../testing/fake-services';
import { HiddenPeoplePanel } from './hidden-people';
import { hiddenPeopleTexts as texts } from './hidden-people-texts';

vi.mock('../../../lib/faces/selfie-descriptor', () => ({ describeSelfie: vi.fn() }));
const describeMock = vi.mocked(describeSelfie);

afterEach(() => {
  cleanup();
  vi.resetAllMocks();
});

const empty: HiddenPeopleView = { people: [], withheld: [] };
const hidingAda: HiddenPeopleView = {
  people: [{ personId: 'person_ada1', label: 'Ada', addedAt: '2026-06-01T10:00:00.000Z', withheldPhotos: 1 }],
  withheld: [
    {
      photoId: 'photo_0001',
      thumbnailUrl: 'https://s3.test/thumb.jpg',
      personIds: ['person_ada1'],
      withheldAt: '2026-06-01T10:00:00.000Z',
    },
  ],
};

function renderPanel(api: Parameters<typeof fakeServices>[0]) {
  render(
    <ServicesProvider services={fakeServices(api)}>
      <HiddenPeoplePanel galleryId="gallery_1234" />
    </ServicesProvider>,
  );
}

async function chooseReference(label = 'Ada') {
  fireEvent.change(screen.getByLabelText(texts.label), { target: { value: label } });
  const file = new File(['jpeg'], 'ada.jpg', { type: 'image/jpeg' });
  fireEvent.change(screen.getByLabelText(texts.reference), { target: { files: [file] } });
  fireEvent.click(screen.getByRole('button', { name: texts.hide }));
  return file;
}

describe('hiding a person from a public gallery', () => {
  it('describes the reference on the device, sends only its descriptor, then shows who is hidden and what is withheld', async () => {
    const listHiddenPeople = vi.fn().mockResolvedValueOnce(empty).mockResolvedValue(hidingAda);
    const hidePerson = vi.fn(async () => hidingAda);
    describeMock.mockResolvedValue(Float32Array.from({ length: 128 }, (_, i) => i / 1000));
    renderPanel({ listHiddenPeople, hidePerson });
    await screen.findByText(texts.nobody);
    const file = await chooseReference();
    await screen.findByText(/Ada · .* · 1 photo withheld/);
    expect(describeMock).toHaveBeenCalledWith(file);
    expect(hidePerson).toHaveBeenCalledWith(
      { galleryId: 'gallery_1234' },
      { label: 'Ada', descriptor: Array.from({ length: 128 }, (_, i) => Math.fround(i / 1000)) },
    );
    expect(screen.getByRole('img', { name: texts.withheldPhoto(1) }).getAttribute('src')).toBe(
      'https://s3.test/thumb.jpg',
    );
  });

  it('sends nothing when the reference shows no face, or several', async () => {
    const hidePerson = vi.fn();
    renderPanel({ listHiddenPeople: async () => empty, hidePerson });
    await screen.findByText(texts.nobody);
    describeMock.mockResolvedValueOnce('no-face');
    await chooseReference();
    expect((await screen.findByRole('alert')).textContent).toBe(texts.noFace);
    describeMock.mockResolvedValueOnce('many-faces');
    fireEvent.click(screen.getByRole('button', { name: texts.hide }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(texts.manyFaces));
    expect(hidePerson).not.toHaveBeenCalled();
  });

  it('shows a withheld photo again, and stops hiding a person, reading the list afresh after each', async () => {
    const listHiddenPeople = vi.fn(async () => hidingAda);
    const releasePhoto = vi.fn(async () => undefined);
    const unhidePerson = vi.fn(async () => undefined);
    renderPanel({ listHiddenPeople, releasePhoto, unhidePerson });
    fireEvent.click(await screen.findByRole('button', { name: texts.releaseLabel(1) }));
    await waitFor(() =>
      expect(releasePhoto).toHaveBeenCalledWith({ galleryId: 'gallery_1234', photoId: 'photo_0001' }),
    );
    await waitFor(() => expect(listHiddenPeople).toHaveBeenCalledTimes(2));
    fireEvent.click(screen.getByRole('button', { name: texts.remove('Ada') }));
    await waitFor(() =>
      expect(unhidePerson).toHaveBeenCalledWith({ galleryId: 'gallery_1234', personId: 'person_ada1' }),
    );
    await waitFor(() => expect(listHiddenPeople).toHaveBeenCalledTimes(3));
  });
});
