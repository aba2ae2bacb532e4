// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BRANDING_LIMITS, brandingErrors } from '#shared/rules/branding';
import type { User } from '#shared/schemas/user';
import { ApiError, type ApiClient } from '../../lib/api-client';
import { resetAuthState } from '../../lib/auth/auth-store';
import { ServicesProvider } from '../../lib/services';
import { deferred, fakeServices } from '../../testing/fake-services';
import { testUser } from '../../testing/payment-test-user';
import { ProfilePage } from './profile-page';
import { accountTexts as texts } from './texts';

const OLD_LOGO = 'https://shutterlane.test/api/logos/logo_old00000';
const NEW_LOGO = 'https://shutterlane.test/api/logos/logo_new00000';
const UPLOAD_URL = 'https://originals.s3.test/logo-uploads/upload_1?X-Amz-Signature=abc';

/** The browser's XMLHttpRequest as the signed PUT uses it; the test plays the storage's part. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  upload: { onprogress: ((event: { loaded: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  progress(loaded: number) {
    act(() => this.upload.onprogress?.({ loaded }));
  }
  finish(status: number) {
    this.status = status;
    act(() => this.onload?.());
  }
}

const seller = (fields: Partial<User> = {}): User => ({ ...testUser(), ...fields });
const png = (size = 1000) => new File([new Uint8Array(size)], 'logo.png', { type: 'image/png' });

type Api = Partial<
  Pick<ApiClient, 'startLogoUpload' | 'setLogo' | 'deleteLogo' | 'currentUser' | 'updateProfile'>
>;

function renderProfile(api: Api, user: User = seller()) {
  resetAuthState({ status: 'ready', user });
  render(
    <ServicesProvider services={fakeServices(api)}>
      <MemoryRouter>
        <ProfilePage />
      </MemoryRouter>
    </ServicesProvider>,
  );
  // The picker takes any file, as a browser's "All files" choice does: the page checks it itself.
  return userEvent.setup({ applyAccept: false });
}

const picker = () => screen.getByLabelText(texts.chooseLogo) as HTMLInputElement;
const status = () => screen.getAllByRole('status').map((element) => element.textContent);

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  cleanup();
  resetAuthState();
  vi.unstubAllGlobals();
});

describe('the business name', () => {
  it('is saved with the profile, with what customers see it on', async () => {
    const updateProfile = vi.fn(async () => seller({ businessName: 'Harbour Photo Co' }));
    const user = renderProfile({ updateProfile });
    expect(screen.getByText(texts.businessName).nextElementSibling?.textContent).toBe(texts.noBusinessName);
    await user.click(screen.getByRole('button', { name: texts.editProfile }));
    const field = screen.getByLabelText(texts.businessNameOptional);
    expect(field.getAttribute('maxlength')).toBe(String(BRANDING_LIMITS.businessName));
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      texts.businessNameHint,
    );
    await user.type(field, ' Harbour Photo Co ');
    await user.click(screen.getByRole('button', { name: texts.saveChanges }));

    await screen.findByText(texts.profileSaved);
    expect(updateProfile).toHaveBeenCalledWith(undefined, {
      name: 'Pat Seller',
      website: '',
      businessName: 'Harbour Photo Co',
    });
    expect(screen.getByText(texts.businessName).nextElementSibling?.textContent).toBe('Harbour Photo Co');
  });
});

describe('the logo', () => {
  it('uploads the chosen file through its signed URL with progress, then shows the new logo', async () => {
    const startLogoUpload = vi.fn(async () => ({ uploadId: 'upload_1', uploadUrl: UPLOAD_URL }));
    const setting = deferred<{ logoUrl: string }>();
    const setLogo = vi.fn(() => setting.promise);
    const currentUser = vi.fn(async () => seller({ logoUrl: NEW_LOGO }));
    const user = renderProfile({ startLogoUpload, setLogo, currentUser });
    expect(screen.getByText(texts.noLogo)).toBeTruthy();
    expect(picker().getAttribute('accept')).toBe('image/png,image/jpeg,image/webp');
    expect(picker().getAttribute('aria-describedby')).toBeTruthy();

    const file = png(2000);
    await user.upload(picker(), file);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(startLogoUpload).toHaveBeenCalledWith(undefined, { contentType: 'image/png', size: 2000 });
    const [put] = FakeXhr.sent;
    expect(put).toMatchObject({ method: 'PUT', url: UPLOAD_URL, body: file });
    expect(put?.headers).toEqual({ 'Content-Type': 'image/png' });
    expect(status()).toContain(texts.uploadingLogo);
    // Busy, yet still focusable: a second choice meanwhile is ignored.
    expect(picker().getAttribute('aria-disabled')).toBe('true');
    expect(picker().disabled).toBe(false);

    put?.progress(1000);
    const bar = screen.getByRole('progressbar', { name: texts.uploadProgress }) as HTMLProgressElement;
    expect(bar.value).toBe(50);
    put?.finish(200);
    await waitFor(() => expect(status()).toContain(texts.processingLogo));
    expect(setLogo).toHaveBeenCalledWith(undefined, { uploadId: 'upload_1' });

    setting.resolve({ logoUrl: NEW_LOGO });
    const logo = await screen.findByRole('img', { name: texts.currentLogoAlt });
    expect(logo.getAttribute('src')).toBe(NEW_LOGO);
    expect(logo.getAttribute('width')).toBeTruthy();
    expect(logo.getAttribute('height')).toBeTruthy();
    await waitFor(() => expect(status()).toContain(texts.logoSaved));
    expect(currentUser).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByLabelText(texts.replaceLogo)).toBeTruthy();
  });

  it.each([
    [
      'another type',
      new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }),
      brandingErrors.logoNotImage,
    ],
    ['an empty file', png(0), brandingErrors.logoNotImage],
    ['a file over 2 MB', png(BRANDING_LIMITS.logoBytes + 1), brandingErrors.logoTooLarge],
  ])('refuses %s before uploading anything', async (_, file, refusal) => {
    const startLogoUpload = vi.fn();
    const user = renderProfile({ startLogoUpload });
    await user.upload(picker(), file);
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
    expect(startLogoUpload).not.toHaveBeenCalled();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it("shows the server's refusal of the bytes, and keeps the logo there was", async () => {
    const setLogo = vi.fn(async () => {
      throw new ApiError(brandingErrors.logoNotImage, 400, 'Bad Request');
    });
    const currentUser = vi.fn();
    const user = renderProfile(
      {
        startLogoUpload: async () => ({ uploadId: 'upload_1', uploadUrl: UPLOAD_URL }),
        setLogo,
        currentUser,
      },
      seller({ logoUrl: OLD_LOGO }),
    );
    await user.upload(screen.getByLabelText(texts.replaceLogo), png());
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0]?.finish(200);
    expect((await screen.findByRole('alert')).textContent).toBe(brandingErrors.logoNotImage);
    expect(screen.getByRole('img', { name: texts.currentLogoAlt }).getAttribute('src')).toBe(OLD_LOGO);
    expect(currentUser).not.toHaveBeenCalled();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('says the upload failed when the storage refuses the bytes, and takes the same file again', async () => {
    const startLogoUpload = vi.fn(async () => ({ uploadId: 'upload_1', uploadUrl: UPLOAD_URL }));
    const setLogo = vi.fn();
    const user = renderProfile({ startLogoUpload, setLogo });
    const file = png();
    await user.upload(picker(), file);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0]?.finish(403);
    expect((await screen.findByRole('alert')).textContent).toBe(texts.logoUploadFailed);
    expect(setLogo).not.toHaveBeenCalled();

    await user.upload(picker(), file);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why the logo cannot be removed while a public gallery uses it, then removes it', async () => {
    const deleteLogo = vi
      .fn<ApiClient['deleteLogo']>()
      .mockRejectedValueOnce(new ApiError(brandingErrors.logoInUse, 409, 'Conflict'))
      .mockResolvedValueOnce(undefined);
    const currentUser = vi.fn(async () => seller());
    const user = renderProfile({ deleteLogo, currentUser }, seller({ logoUrl: OLD_LOGO }));
    expect(screen.getByRole('img', { name: texts.currentLogoAlt }).getAttribute('src')).toBe(OLD_LOGO);

    await user.click(screen.getByRole('button', { name: texts.removeLogo }));
    expect((await screen.findByRole('alert')).textContent).toBe(brandingErrors.logoInUse);
    expect(screen.getByRole('img', { name: texts.currentLogoAlt })).toBeTruthy();
    expect(currentUser).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: texts.removeLogo }));
    await screen.findByText(texts.noLogo);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('img', { name: texts.currentLogoAlt })).toBeNull();
    expect(screen.queryByRole('button', { name: texts.removeLogo })).toBeNull();
    await waitFor(() => expect(status()).toContain(texts.logoRemoved));
    expect(currentUser).toHaveBeenCalledTimes(1);
    // The button went with the logo: the keyboard user continues at the picker.
    expect(document.activeElement).toBe(picker());
  });
});
