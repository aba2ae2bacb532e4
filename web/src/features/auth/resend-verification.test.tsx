// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetErrors, signUpErrors, userServerErrors, verifyErrors } from '#shared/texts/errors';
import { ApiError } from '../../lib/api-client';
import { ServicesProvider } from '../../lib/services';
import { authTexts } from './texts';
import { deferred, fakeServices } from '../../testing/fake-services';
import { SignUpConfirmationPage } from './signup-confirmation-page';
import { VerifyPage } from './verify-page';

afterEach(cleanup);

const RESEND = { name: 'Send a New Verification Link' };

function renderAt(path: string, element: ReactNode, api: Parameters<typeof fakeServices>[0]) {
  render(
    <ServicesProvider services={fakeServices(api)}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={path.split('?')[0]} element={element} />
        </Routes>
      </MemoryRouter>
    </ServicesProvider>,
  );
}

const resendButton = () => screen.getByRole('button', RESEND) as HTMLButtonElement;

describe('/signup-confirmation resend', () => {
  it('sends a new link for the address, busy while sending, then says it was sent', async () => {
    const request = deferred<{ message: string }>();
    const resendVerification = vi.fn(() => request.promise);
    renderAt('/signup-confirmation?email=ada%40example.com', <SignUpConfirmationPage />, {
      resendVerification,
    });
    expect(screen.getByText(authTexts.resendPrompt)).toBeTruthy();
    await act(async () => fireEvent.click(resendButton()));
    expect(resendVerification).toHaveBeenCalledWith(undefined, {
      email: 'ada@example.com',
      captchaToken: 'token-resend_verification',
    });
    const sending = screen.getByRole('button', { name: 'Sending…' }) as HTMLButtonElement;
    expect(sending.disabled).toBe(true);
    fireEvent.click(sending);
    expect(resendVerification).toHaveBeenCalledTimes(1);

    await act(async () => request.resolve({ message: userServerErrors.verificationResent }));
    const sent = screen.getByRole('status');
    expect(sent.textContent).toBe(
      'If ada@example.com is waiting for verification, a new link is on its way. It can take a few minutes to arrive; please check your spam folder too.',
    );
    expect(document.activeElement).toBe(sent);
    expect(screen.queryByRole('button', RESEND)).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to Sign In' })).toBeTruthy();
  });

  it("shows the API's message, else the spec's 'Failed to resend verification', and can be tried again", async () => {
    const resendVerification = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(userServerErrors.tooManyAttempts, 429, 'Too Many Requests'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderAt('/signup-confirmation?email=ada%40example.com', <SignUpConfirmationPage />, {
      resendVerification,
    });
    await act(async () => fireEvent.click(resendButton()));
    expect(screen.getByRole('alert').textContent).toBe(userServerErrors.tooManyAttempts);
    expect(resendButton().disabled).toBe(false);
    await act(async () => fireEvent.click(resendButton()));
    expect(screen.getByRole('alert').textContent).toBe('Failed to resend verification');
    expect(verifyErrors.resendFailed).toBe('Failed to resend verification');
  });
});

describe('/verify resend', () => {
  it("is offered in the error state for the link's address", async () => {
    const verifyEmail = vi.fn().mockResolvedValue({ success: false, error: userServerErrors.invalidCode });
    const resendVerification = vi.fn().mockResolvedValue({ message: userServerErrors.verificationResent });
    renderAt('/verify?code=123456&email=ada%40example.com', <VerifyPage />, {
      verifyEmail,
      resendVerification,
    });
    expect(await screen.findByRole('heading', { name: 'Verification Failed' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(userServerErrors.invalidCode);
    expect(screen.queryByLabelText('Email address')).toBeNull();
    await act(async () => fireEvent.click(resendButton()));
    expect(resendVerification).toHaveBeenCalledWith(undefined, {
      email: 'ada@example.com',
      captchaToken: 'token-resend_verification',
    });
    expect(screen.getByRole('status').textContent).toBe(authTexts.resendSent('ada@example.com'));
    expect(screen.getByRole('link', { name: 'Go to Sign Up' })).toBeTruthy();
  });

  it('asks for the address when the link has none, and checks it first', async () => {
    const resendVerification = vi.fn().mockResolvedValue({ message: userServerErrors.verificationResent });
    renderAt('/verify?code=123456', <VerifyPage />, { resendVerification });
    expect(screen.getByRole('alert').textContent).toBe(verifyErrors.missingParams);
    fireEvent.click(resendButton());
    expect(screen.getAllByRole('alert')[1]?.textContent).toBe(resetErrors.emailRequired);
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'ada@example' } });
    fireEvent.click(resendButton());
    expect(screen.getAllByRole('alert')[1]?.textContent).toBe(signUpErrors.invalidEmail);
    expect(resendVerification).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: ' ada@example.com ' } });
    await act(async () => fireEvent.click(resendButton()));
    expect(resendVerification).toHaveBeenCalledWith(undefined, {
      email: 'ada@example.com',
      captchaToken: 'token-resend_verification',
    });
  });
});
