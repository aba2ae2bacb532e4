// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetErrors, signUpErrors } from '#shared/texts/errors';
import { RESET_MODAL_GAP_MS } from '#shared/rules/constants';
import { ServicesProvider } from '../../lib/services';
import { LocationProbe } from '../../testing/location-probe';
import { fakeServices } from '../../testing/fake-services';
import { SignInPage } from './signin-page';
import { SignUpPage } from './signup-page';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderPage(services: ReturnType<typeof fakeServices>, path: string, element: React.ReactNode) {
  render(
    <ServicesProvider services={services}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={path.split('?')[0]} element={element} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </ServicesProvider>,
  );
}

const fill = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('/signup', () => {
  it('validates before the robot check, and a failed robot check stops the submit', async () => {
    const signUp = vi.fn();
    const services = fakeServices({ signUp });
    services.executeCaptcha.mockRejectedValueOnce(new Error('blocked'));
    renderPage(services, '/signup', <SignUpPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByRole('alert').textContent).toBe(signUpErrors.allRequired);
    expect(services.executeCaptcha).not.toHaveBeenCalled();
    fill('Full name', 'Ada');
    fill('Email address', 'ada@example.com');
    fill(/^Password$/, 'long-enough');
    fill('Confirm password', 'long-enough');
    fill('Invitation code', 'INV-1');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(signUpErrors.robotCheckFailed)).toBeTruthy();
    expect(services.executeCaptcha).toHaveBeenCalledWith('signup');
    expect(signUp).not.toHaveBeenCalled();
  });

  it('signs up and goes to the confirmation with the email', async () => {
    const signUp = vi.fn().mockResolvedValue({ message: 'ok', userId: 'u1' });
    renderPage(fakeServices({ signUp }), '/signup', <SignUpPage />);
    fill('Full name', 'Ada');
    fill('Email address', 'ada@example.com');
    fill(/^Password$/, 'long-enough');
    fill('Confirm password', 'long-enough');
    fill('Invitation code', 'INV-1');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/signup-confirmation?email=ada%40example.com'),
    );
    expect(signUp).toHaveBeenCalledWith(undefined, {
      email: 'ada@example.com',
      name: 'Ada',
      password: 'long-enough',
      captchaToken: 'token-signup',
      inviteCode: 'INV-1',
    });
  });
});

describe('/signin reset modals', () => {
  it('opens the completion modal 300 ms after the request modal closes, then says the reset is complete', async () => {
    const requestPasswordReset = vi.fn().mockResolvedValue({ message: 'sent' });
    const confirmPasswordReset = vi.fn().mockResolvedValue({ message: 'done' });
    renderPage(fakeServices({ requestPasswordReset, confirmPasswordReset }), '/signin', <SignInPage />);
    fireEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    const request = screen.getByRole('dialog', { name: 'Send Reset Code' });
    fireEvent.click(request.querySelector('button[type=submit]')!);
    expect(screen.getByRole('alert').textContent).toBe(resetErrors.emailRequired);
    fireEvent.change(within(request).getByLabelText('Email address'), {
      target: { value: 'ada@example.com' },
    });
    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(request.querySelector('button[type=submit]')!);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => vi.advanceTimersByTime(RESET_MODAL_GAP_MS - 1));
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    const complete = screen.getByRole('dialog', { name: 'Complete Reset' });
    const fillIn = (label: string, value: string) =>
      fireEvent.change(within(complete).getByLabelText(label), { target: { value } });
    fillIn('Reset code', '123456');
    fillIn('New password', 'long-enough');
    fillIn('Confirm new password', 'long-enough');
    fireEvent.click(within(complete).getByRole('button', { name: 'Complete Reset' }));
    expect(await screen.findByText(resetErrors.complete)).toBeTruthy();
    expect(confirmPasswordReset).toHaveBeenCalledWith(undefined, {
      email: 'ada@example.com',
      code: '123456',
      newPassword: 'long-enough',
      captchaToken: 'token-confirm_password_reset',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
