// @vitest-environment happy-dom
/**
 * The human check before each public account call: each screen asks for a token for its own action
 * while showing its busy state, sends it with the call, and when the check cannot run shows the
 * account document's robot-check text without calling the API.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signUpErrors, userServerErrors } from '#shared/texts/errors';
import { ApiError } from '../../lib/api-client';
import type { CaptchaAction } from '../../lib/captcha';
import { ServicesProvider } from '../../lib/services';
import { deferred, fakeServices } from '../../testing/fake-services';
import { AccountSetupPage } from './account-setup-page';
import { ResendVerification } from './resend-verification';
import { ResetRequestModal } from './reset-modals';
import { ResetPasswordPage } from './reset-password-page';
import { VerifyPage } from './verify-page';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

const ROBOT = 'Failed to verify that you are not a robot. Please try again.';

function renderAt(path: string, element: ReactNode, services: ReturnType<typeof fakeServices>) {
  render(
    <ServicesProvider services={services}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={path.split('?')[0]} element={element} />
        </Routes>
      </MemoryRouter>
    </ServicesProvider>,
  );
}

/** Services whose human check waits until the test releases it (or fails it). */
function heldCheck(api: Parameters<typeof fakeServices>[0]) {
  const services = fakeServices(api);
  const check = deferred<string>();
  services.executeCaptcha.mockImplementationOnce(() => check.promise);
  return { services, check };
}

const fill = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

it('uses the account document’s robot-check text', () => {
  expect(signUpErrors.robotCheckFailed).toBe(ROBOT);
});

describe('/reset-password', () => {
  it('request: busy during the check, then sends the token for request_password_reset', async () => {
    const requestPasswordReset = vi.fn().mockResolvedValue({ message: userServerErrors.resetRequested });
    const { services, check } = heldCheck({ requestPasswordReset });
    renderAt('/reset-password', <ResetPasswordPage />, services);
    fill('Email address', ' ada@example.com ');
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Code' }));
    expect((screen.getByRole('button', { name: 'Sending…' }) as HTMLButtonElement).disabled).toBe(true);
    expect(services.executeCaptcha).toHaveBeenCalledWith('request_password_reset' satisfies CaptchaAction);
    expect(requestPasswordReset).not.toHaveBeenCalled();
    await act(async () => check.resolve('token-1'));
    expect(requestPasswordReset).toHaveBeenCalledWith(undefined, {
      email: 'ada@example.com',
      captchaToken: 'token-1',
    });
    expect(
      screen.getByText('If an account exists for this email address, we have sent a reset code.'),
    ).toBeTruthy();
  });

  it('request: a check that cannot run shows the robot-check text and sends nothing', async () => {
    const requestPasswordReset = vi.fn();
    const { services, check } = heldCheck({ requestPasswordReset });
    renderAt('/reset-password', <ResetPasswordPage />, services);
    fill('Email address', 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Code' }));
    await act(async () => check.reject(new Error('captcha script failed to load')));
    expect(screen.getByRole('alert').textContent).toBe(ROBOT);
    expect(requestPasswordReset).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Send Reset Code' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('confirm: sends the token for confirm_password_reset and shows the API’s refusal', async () => {
    const confirmPasswordReset = vi.fn().mockRejectedValue(new ApiError(ROBOT, 403, 'Forbidden'));
    const services = fakeServices({ confirmPasswordReset });
    renderAt('/reset-password?code=123456&email=ada%40example.com', <ResetPasswordPage />, services);
    fill('New password', 'long-enough');
    fill('Confirm new password', 'long-enough');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Reset Password' })));
    expect(confirmPasswordReset).toHaveBeenCalledWith(undefined, {
      email: 'ada@example.com',
      code: '123456',
      newPassword: 'long-enough',
      captchaToken: 'token-confirm_password_reset',
    });
    expect(screen.getByRole('alert').textContent).toBe(ROBOT);
  });
});

describe('/verify', () => {
  it('stays on "verifying" during the check, then verifies with the token for verify_email', async () => {
    const verifyEmail = vi.fn().mockResolvedValue({ success: true });
    const { services, check } = heldCheck({ verifyEmail });
    renderAt('/verify?code=123456&email=ada%40example.com', <VerifyPage />, services);
    expect(screen.getByRole('heading', { name: 'Verifying Your Email' })).toBeTruthy();
    expect(services.executeCaptcha).toHaveBeenCalledWith('verify_email');
    await act(async () => check.resolve('token-2'));
    expect(verifyEmail).toHaveBeenCalledWith(undefined, {
      email: 'ada@example.com',
      code: '123456',
      captchaToken: 'token-2',
    });
    expect(screen.getByRole('heading', { name: 'Email Verified' })).toBeTruthy();
  });

  it("a check that cannot run: 'Verification Failed' with the robot-check text, the code not tried", async () => {
    const verifyEmail = vi.fn();
    const { services, check } = heldCheck({ verifyEmail });
    renderAt('/verify?code=123456&email=ada%40example.com', <VerifyPage />, services);
    await act(async () => check.reject(new Error('blocked')));
    expect(screen.getByRole('heading', { name: 'Verification Failed' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(ROBOT);
    expect(verifyEmail).not.toHaveBeenCalled();
  });
});

describe('the account-setup page', () => {
  const open = (services: ReturnType<typeof fakeServices>) => {
    window.history.replaceState(null, '', '/account-setup?email=ada%40example.com&code=Tmp%2B1#x');
    renderAt('/account-setup', <AccountSetupPage />, services);
    fill(/^Password$/, 'long-enough');
    fill('Confirm password', 'long-enough');
  };

  it('busy during the check, then sets the password with the token for set_password', async () => {
    const setPassword = vi.fn().mockResolvedValue({ success: true });
    const { services, check } = heldCheck({ setPassword });
    open(services);
    fireEvent.click(screen.getByRole('button', { name: 'Set Password' }));
    expect((screen.getByRole('button', { name: 'Set Password' }) as HTMLButtonElement).disabled).toBe(true);
    expect(services.executeCaptcha).toHaveBeenCalledWith('set_password');
    await act(async () => check.resolve('token-3'));
    expect(setPassword).toHaveBeenCalledWith(undefined, {
      email: 'ada@example.com',
      code: 'Tmp%2B1#x',
      password: 'long-enough',
      captchaToken: 'token-3',
    });
    expect(screen.getByRole('status').textContent).toBe('Your password is set. Taking you to sign in…');
  });

  it('a check that cannot run shows the robot-check text and sets nothing', async () => {
    const setPassword = vi.fn();
    const { services, check } = heldCheck({ setPassword });
    open(services);
    fireEvent.click(screen.getByRole('button', { name: 'Set Password' }));
    await act(async () => check.reject(new Error('blocked')));
    expect(screen.getByRole('alert').textContent).toBe(ROBOT);
    expect(setPassword).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Set Password' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('the forms of the sign-in page and the verification pages', () => {
  it('the reset request modal sends the token for request_password_reset, or shows the robot-check text', async () => {
    const requestPasswordReset = vi.fn().mockResolvedValue({ message: userServerErrors.resetRequested });
    const onSent = vi.fn();
    const services = fakeServices({ requestPasswordReset });
    services.executeCaptcha.mockRejectedValueOnce(new Error('blocked'));
    renderAt(
      '/signin',
      <ResetRequestModal initialEmail="ada@example.com" onClose={vi.fn()} onSent={onSent} />,
      services,
    );
    const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send Reset Code' }));
    await act(async () => send());
    expect(screen.getByRole('alert').textContent).toBe(ROBOT);
    expect(requestPasswordReset).not.toHaveBeenCalled();
    await act(async () => send());
    expect(requestPasswordReset).toHaveBeenCalledWith(undefined, {
      email: 'ada@example.com',
      captchaToken: 'token-request_password_reset',
    });
    expect(onSent).toHaveBeenCalledWith('ada@example.com');
  });

  it('a new verification link: the robot-check text when the check cannot run, nothing sent', async () => {
    const resendVerification = vi.fn();
    const services = fakeServices({ resendVerification });
    services.executeCaptcha.mockRejectedValueOnce(new Error('blocked'));
    renderAt('/signup-confirmation', <ResendVerification email="ada@example.com" />, services);
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Send a New Verification Link' })),
    );
    expect(screen.getByRole('alert').textContent).toBe(ROBOT);
    expect(services.executeCaptcha).toHaveBeenCalledWith('resend_verification');
    expect(resendVerification).not.toHaveBeenCalled();
  });
});
