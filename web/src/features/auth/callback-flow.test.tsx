// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callbackErrors } from '#shared/texts/errors';
import { resetAuthState } from '../../lib/auth/auth-store';
import { encodeSignInState } from '../../lib/auth/oauth-state';
import { ServicesProvider } from '../../lib/services';
import { fakeServices } from '../../testing/fake-services';
import { LocationProbe } from '../../testing/location-probe';
import { testUser } from '../../testing/payment-test-user';
import { CallbackPage } from './callback-page';

/** The Amplify session module, faked (session.test.ts covers how it hears Amplify's result). */
const session = vi.hoisted(() => ({ completeHostedSignIn: vi.fn(), idToken: vi.fn(), signOut: vi.fn() }));
vi.mock('../../lib/auth/session-loader', () => ({ loadSession: async () => session }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  resetAuthState();
});

function renderCallback() {
  const currentUser = vi.fn().mockResolvedValue(testUser());
  render(
    <ServicesProvider services={fakeServices({ currentUser })}>
      <MemoryRouter initialEntries={['/auth-callback?code=abc&state=xyz']}>
        <Routes>
          <Route path="/auth-callback" element={<CallbackPage />} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </ServicesProvider>,
  );
  return { currentUser };
}

describe('/auth-callback after the hosted sign-in', () => {
  it('goes back to the path carried in the custom state, signed in', async () => {
    session.completeHostedSignIn.mockResolvedValue(encodeSignInState('/galleries'));
    session.idToken.mockResolvedValue('id-token');
    const { currentUser } = renderCallback();
    expect(screen.getByRole('heading', { name: 'Completing Sign In' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/galleries'));
    expect(currentUser).toHaveBeenCalled();
  });

  it("shows Amplify's failure as the spec's authentication error", async () => {
    session.completeHostedSignIn.mockRejectedValue(new Error('invalid_grant'));
    renderCallback();
    expect((await screen.findByRole('alert')).textContent).toBe(callbackErrors.error('invalid_grant'));
    expect(screen.getByRole('heading', { name: 'Authentication Error' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Sign In' })).toBeTruthy();
  });
});
