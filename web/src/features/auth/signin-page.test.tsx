// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupErrors, signInErrors } from '#shared/texts/errors';
import { teamErrors } from '#shared/texts/team-errors';
import type * as AuthConfigModule from '../../lib/auth/auth-config';
import { loadAuthConfig, type AuthConfig } from '../../lib/auth/auth-config';
import { resetAuthState } from '../../lib/auth/auth-store';
import { SignInSessionExpiredError } from '../../lib/auth/sign-in-outcome';
import { ServicesProvider } from '../../lib/services';
import { signInFlowErrors } from '../../lib/auth/sign-in-errors';
import { authTexts } from './texts';
import { deferred, fakeServices } from '../../testing/fake-services';
import { LocationProbe } from '../../testing/location-probe';
import { testUser } from '../../testing/payment-test-user';
import { SignInPage } from './signin-page';

/** The Amplify session module, faked: these tests are about the screen (session.test.ts covers Amplify). */
const session = vi.hoisted(() => ({
  signIn: vi.fn(),
  confirmNewPassword: vi.fn(),
  idToken: vi.fn(),
  signOut: vi.fn(),
  startHostedSignIn: vi.fn(),
}));
vi.mock('../../lib/auth/session-loader', () => ({ loadSession: async () => session }));
vi.mock('../../lib/auth/auth-config', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthConfigModule>()),
  loadAuthConfig: vi.fn(),
}));

const POOL: AuthConfig = {
  region: 'eu-west-2',
  userPoolId: 'eu-west-2_AbC123xyz',
  userPoolClientId: '4ab5cd6ef7gh8ij9kl0mn1op2q',
};
const withHostedDomain = (siteUrl = window.location.origin): AuthConfig => ({
  ...POOL,
  hostedUiDomain: 'https://localhost:9443',
  siteUrl,
});

beforeEach(() => {
  resetAuthState({ status: 'ready', user: null });
  vi.mocked(loadAuthConfig).mockResolvedValue(POOL);
  session.idToken.mockResolvedValue('id-token');
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  resetAuthState();
});

function renderSignIn(options: { from?: string; email?: string; endedBecause?: string } = {}) {
  const currentUser = vi.fn().mockResolvedValue(testUser());
  const resendVerification = vi.fn().mockResolvedValue({ message: 'sent' });
  const search = options.email ? `?email=${encodeURIComponent(options.email)}` : '';
  render(
    <ServicesProvider services={fakeServices({ currentUser, resendVerification })}>
      <MemoryRouter
        initialEntries={[
          {
            pathname: '/signin',
            search,
            state: { from: options.from, endedBecause: options.endedBecause },
          },
        ]}
      >
        <Routes>
          <Route path="/signin" element={<SignInPage />} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </ServicesProvider>,
  );
  return { currentUser, resendVerification };
}

/** Lets the page's config request settle. */
const configLoaded = () => act(async () => undefined);

const fill = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function signInAs(email: string, password: string) {
  fill('Email address', email);
  fill(/^Password$/, password);
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  });
}

describe('/signin hosted sign-in', () => {
  it('is offered below the form with a hosted domain, and starts with the path the seller was going to', async () => {
    vi.mocked(loadAuthConfig).mockResolvedValue(withHostedDomain());
    const started = deferred<void>();
    session.startHostedSignIn.mockReturnValue(started.promise);
    renderSignIn({ from: '/galleries' });
    const button = await screen.findByRole('button', { name: authTexts.hostedSignIn });
    expect(screen.getByRole('region', { name: 'Other ways to sign in' })).toBeTruthy();
    expect(button.getAttribute('aria-describedby')).toBe(screen.getByText(authTexts.hostedSignInHint).id);
    // The form's own 'Sign In' stays the only button with those words.
    expect(screen.getAllByRole('button', { name: /sign in/i })).toHaveLength(1);

    fireEvent.click(button);
    await waitFor(() => expect(session.startHostedSignIn).toHaveBeenCalledWith('/galleries'));
    const busy = screen.getByRole('button', { name: authTexts.hostedSignInStarting }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
  });

  it('returns to /dashboard when the seller came to /signin directly', async () => {
    vi.mocked(loadAuthConfig).mockResolvedValue(withHostedDomain());
    session.startHostedSignIn.mockResolvedValue(undefined);
    renderSignIn();
    fireEvent.click(await screen.findByRole('button', { name: authTexts.hostedSignIn }));
    await waitFor(() => expect(session.startHostedSignIn).toHaveBeenCalledWith('/dashboard'));
  });

  it('is not offered without a hosted domain, nor on a host the pool cannot send sellers back to', async () => {
    renderSignIn();
    await configLoaded();
    expect(loadAuthConfig).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: authTexts.hostedSignIn })).toBeNull();
    cleanup();

    vi.mocked(loadAuthConfig).mockResolvedValue(withHostedDomain('https://shutterlane.com'));
    renderSignIn();
    await configLoaded();
    expect(screen.queryByRole('region', { name: 'Other ways to sign in' })).toBeNull();
  });

  it('says why the redirect could not start, and can be tried again', async () => {
    vi.mocked(loadAuthConfig).mockResolvedValue(withHostedDomain());
    session.startHostedSignIn.mockRejectedValueOnce(new Error('oauth param not configured'));
    renderSignIn();
    fireEvent.click(await screen.findByRole('button', { name: authTexts.hostedSignIn }));
    expect((await screen.findByRole('alert')).textContent).toBe('oauth param not configured');
    expect((screen.getByRole('button', { name: authTexts.hostedSignIn }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });
});

describe('/signin new-password step', () => {
  async function reachNewPasswordStep() {
    session.signIn.mockResolvedValue('newPasswordRequired');
    const services = renderSignIn({ email: 'ada@example.com' });
    await signInAs('ada@example.com', 'Temp-pass-1');
    const title = screen.getByRole('heading', { name: 'Choose a New Password' });
    return { ...services, title };
  }

  const choose = (password: string, confirm: string) => {
    fill('New password', password);
    fill('Confirm new password', confirm);
    fireEvent.click(screen.getByRole('button', { name: 'Save Password and Continue' }));
  };

  it('replaces the form after a temporary password, then signs in with the new one', async () => {
    const { title, currentUser } = await reachNewPasswordStep();
    expect(session.signIn).toHaveBeenCalledWith('ada@example.com', 'Temp-pass-1');
    expect(document.activeElement).toBe(title);
    expect(screen.getByText(authTexts.newPasswordIntro)).toBeTruthy();
    expect((screen.getByLabelText('Email address') as HTMLInputElement).readOnly).toBe(true);
    expect(screen.queryByLabelText(/^Password$/)).toBeNull();
    expect(currentUser).not.toHaveBeenCalled();

    session.confirmNewPassword.mockResolvedValue(undefined);
    choose('my-own-password', 'my-own-password');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));
    expect(session.confirmNewPassword).toHaveBeenCalledWith('my-own-password');
    expect(currentUser).toHaveBeenCalled();
  });

  it('checks the new password with the account set-up rule before sending', async () => {
    await reachNewPasswordStep();
    choose('', '');
    expect(screen.getByRole('alert').textContent).toBe(setupErrors.allFields);
    choose('my-own-password', 'my-own-passw0rd');
    expect(screen.getByRole('alert').textContent).toBe(setupErrors.passwordsMismatch);
    choose('short', 'short');
    expect(screen.getByRole('alert').textContent).toBe(setupErrors.passwordTooShort);
    expect(session.confirmNewPassword).not.toHaveBeenCalled();
  });

  it('says a refused password is too weak and keeps the step', async () => {
    await reachNewPasswordStep();
    session.confirmNewPassword.mockRejectedValue(new Error(signInFlowErrors.newPasswordTooWeak));
    choose('password', 'password');
    expect((await screen.findByRole('alert')).textContent).toBe(signInFlowErrors.newPasswordTooWeak);
    expect(screen.getByRole('heading', { name: 'Choose a New Password' })).toBeTruthy();
  });

  it('goes back to the form when the session expired, saying so, with the email kept', async () => {
    await reachNewPasswordStep();
    session.confirmNewPassword.mockRejectedValue(new SignInSessionExpiredError());
    choose('my-own-password', 'my-own-password');
    expect((await screen.findByRole('alert')).textContent).toBe(signInFlowErrors.sessionExpired);
    expect(screen.queryByRole('heading', { name: 'Choose a New Password' })).toBeNull();
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('ada@example.com');
    expect((screen.getByLabelText(/^Password$/) as HTMLInputElement).value).toBe('');
  });

  it('can be left with Cancel', async () => {
    await reachNewPasswordStep();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });
});

describe('/signin other outcomes', () => {
  it('says why the service ended the session when the guard passed a reason on, and nothing otherwise', async () => {
    renderSignIn({ from: '/galleries', endedBecause: teamErrors.memberRemoved });
    expect((await screen.findByRole('alert')).textContent).toBe(teamErrors.memberRemoved);
    cleanup();
    renderSignIn({ from: '/galleries' });
    await configLoaded();
    expect(screen.queryByText(teamErrors.memberRemoved)).toBeNull();
  });

  it('shows the sign-in failure with its message, or the spec’s text without one', async () => {
    session.signIn.mockRejectedValueOnce(new Error('Incorrect username or password.'));
    renderSignIn();
    await signInAs('ada@example.com', 'wrong-password');
    expect(screen.getByRole('alert').textContent).toBe('Incorrect username or password.');
    session.signIn.mockRejectedValueOnce('not an error');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    });
    expect(screen.getByRole('alert').textContent).toBe(signInErrors.unexpected);
  });

  it('offers a new verification link when the address is not verified yet', async () => {
    session.signIn.mockResolvedValue('emailNotVerified');
    const { resendVerification } = renderSignIn();
    await signInAs(' ada@example.com ', 'right-password');
    expect(screen.getByRole('alert').textContent).toBe(signInFlowErrors.emailNotVerified);
    fireEvent.click(screen.getByRole('button', { name: 'Send a New Verification Link' }));
    expect(await screen.findByText(authTexts.resendSent('ada@example.com'))).toBeTruthy();
    expect(resendVerification).toHaveBeenCalledWith(undefined, {
      email: 'ada@example.com',
      captchaToken: 'token-resend_verification',
    });
  });
});
