import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '#shared/schemas/user';
import { teamErrors } from '#shared/texts/team-errors';
import { ApiError, isNetworkFailure, type ApiClient } from '../api-client';
import { switchableNetwork } from '../../testing/switchable-network';
import { testUser } from '../../testing/payment-test-user';
import { authSnapshot, checkSession, resetAuthState, signOut } from './auth-store';
import { keepUser, keptUser } from './kept-user';

const session = vi.hoisted(() => ({
  idToken: vi.fn<() => Promise<string | null>>(),
  signOut: vi.fn(async () => undefined),
}));
vi.mock('./session-loader', () => ({ loadSession: async () => session }));

/** A JWT-shaped token whose payload names `sub` (the store reads it without checking it). */
const tokenFor = (sub: string) => `header.${btoa(JSON.stringify({ sub })).replace(/=+$/, '')}.signature`;

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index: number) => [...items.keys()][index] ?? null,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
  };
}

const seller: User = { ...testUser(), id: 'seller-sub-1' };
/** What Amplify keeps for a signed-in user (session-hint.ts looks for it). */
const AMPLIFY_LAST_USER = 'CognitoIdentityServiceProvider.client.LastAuthUser';

function apiAnswering(currentUser: () => Promise<User>): ApiClient {
  return { currentUser: vi.fn(currentUser) } as unknown as ApiClient;
}
const noAnswer = () => Promise.reject(new ApiError('Network error', 0, ''));

let storage: Storage;
let network: ReturnType<typeof switchableNetwork>;

beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal('window', { localStorage: storage });
  network = switchableNetwork(true);
  resetAuthState(undefined, network);
  session.idToken.mockReset();
  session.signOut.mockClear();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The device as a seller leaves it: signed in once online, so Amplify and the store both kept something. */
async function signedInOnce() {
  storage.setItem(AMPLIFY_LAST_USER, seller.id);
  session.idToken.mockResolvedValue(tokenFor(seller.id));
  await checkSession(
    apiAnswering(async () => seller),
    true,
  );
  expect(keptUser(seller.id)).toEqual(seller);
}

describe('the session check offline', () => {
  it('counts no answer as a network failure, and an answer as none', () => {
    expect(isNetworkFailure(new ApiError('Network error', 0, ''))).toBe(true);
    expect(isNetworkFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkFailure(new ApiError('Unauthorized', 401, 'Unauthorized'))).toBe(false);
    expect(isNetworkFailure(new Error('boom'))).toBe(false);
  });

  it('keeps the seller signed in with the user last read when GET /users gets no answer', async () => {
    await signedInOnce();
    network.set(false);
    expect(await checkSession(apiAnswering(noAnswer), true)).toEqual(seller);
  });

  it('keeps the seller signed in offline when Amplify cannot refresh an expired token', async () => {
    await signedInOnce();
    network.set(false);
    session.idToken.mockResolvedValue(null);
    expect(await checkSession(apiAnswering(noAnswer), true)).toEqual(seller);
  });

  it('never signs in a device that never signed in', async () => {
    network.set(false);
    session.idToken.mockResolvedValue(null);
    expect(await checkSession(apiAnswering(noAnswer), true)).toBeNull();
    // Amplify holds a token, but no user was ever read here.
    session.idToken.mockResolvedValue(tokenFor(seller.id));
    expect(await checkSession(apiAnswering(noAnswer), true)).toBeNull();
  });

  it('does not show one seller the user kept for another', async () => {
    await signedInOnce();
    network.set(false);
    session.idToken.mockResolvedValue(tokenFor('someone-else'));
    expect(await checkSession(apiAnswering(noAnswer), true)).toBeNull();
  });

  it('stays signed out offline after signing out', async () => {
    await signedInOnce();
    await signOut();
    network.set(false);
    expect(await checkSession(apiAnswering(noAnswer), true)).toBeNull();
  });

  it('checks again when the network returns, and a 401 then signs out and forgets the user', async () => {
    await signedInOnce();
    network.set(false);
    let answer: () => Promise<User> = noAnswer;
    const api = apiAnswering(() => answer());
    expect(await checkSession(api, true)).toEqual(seller);

    answer = () => Promise.reject(new ApiError('Unauthorized', 401, 'Unauthorized'));
    network.set(true);
    await vi.waitFor(() => expect(session.signOut).toHaveBeenCalled());
    await vi.waitFor(async () => expect(await checkSession(api)).toBeNull());
    expect(keptUser()).toBeNull();
  });

  it("says why when a removed member's device checks again, and only then", async () => {
    await signedInOnce();
    const removed = () => Promise.reject(new ApiError(teamErrors.memberRemoved, 401, 'Unauthorized'));
    expect(await checkSession(apiAnswering(removed), true)).toBeNull();
    expect(authSnapshot()).toMatchObject({ user: null, endedBecause: teamErrors.memberRemoved });
    expect(keptUser()).toBeNull();

    await signedInOnce();
    expect(authSnapshot().endedBecause).toBeUndefined();
    const expired = () => Promise.reject(new ApiError('Unauthorized', 401, 'Unauthorized'));
    expect(await checkSession(apiAnswering(expired), true)).toBeNull();
    expect(authSnapshot().endedBecause).toBeUndefined();
  });

  it('signs out once online when the expired token cannot be refreshed there either', async () => {
    await signedInOnce();
    network.set(false);
    session.idToken.mockResolvedValue(null);
    const api = apiAnswering(noAnswer);
    expect(await checkSession(api, true)).toEqual(seller);

    network.set(true);
    await vi.waitFor(() => expect(keptUser()).toBeNull());
    expect(await checkSession(api, true)).toBeNull();
  });

  it('reads the user afresh when the network returns', async () => {
    await signedInOnce();
    network.set(false);
    const renamed = { ...seller, name: 'Renamed' };
    let answer: () => Promise<User> = noAnswer;
    const api = apiAnswering(() => answer());
    expect(await checkSession(api, true)).toEqual(seller);
    answer = async () => renamed;
    network.set(true);
    await vi.waitFor(() => expect(keptUser(seller.id)).toEqual(renamed));
  });

  it('keeps users under their own ids', () => {
    keepUser(seller, storage);
    keepUser({ ...seller, id: 'other' }, storage);
    expect(keptUser(seller.id, storage)).toEqual(seller);
    expect(keptUser(null, storage)?.id).toBe('other');
  });
});
