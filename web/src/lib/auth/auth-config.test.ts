import { afterEach, describe, expect, it, vi } from 'vitest';
import { signInFlowErrors } from './sign-in-errors';
import {
  AuthConfigError,
  fetchAuthConfig,
  loadAuthConfig,
  offersHostedSignIn,
  parseAuthConfig,
  RUNTIME_CONFIG_PATH,
} from './auth-config';

/** What the site stack deploys (infra/stacks/shutterlane.ts). */
const DEPLOYED = {
  region: 'eu-west-2',
  userPoolId: 'eu-west-2_AbC123xyz',
  userPoolClientId: '4ab5cd6ef7gh8ij9kl0mn1op2q',
  hostedUiDomain: 'https://shutterlane-prod.auth.eu-west-2.amazoncognito.com',
  siteUrl: 'https://shutterlane.com',
};
/** What the local stack serves: the same, plus the stand-in's endpoint. */
const LOCAL = {
  ...DEPLOYED,
  userPoolId: 'eu-west-2_shutterlane',
  hostedUiDomain: 'https://localhost:9443',
  siteUrl: 'http://localhost:5173',
  userPoolEndpoint: 'http://localhost:9229',
};

const answering = (status: number, body: string) =>
  vi.fn<typeof fetch>(async () => new Response(body, { status }));

const malformed = (problem: string) => signInFlowErrors.configMalformed(problem);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the runtime config', () => {
  it('reads a deployment’s file from /runtime-config.json, revalidating any cached copy', async () => {
    const fetchImpl = answering(200, JSON.stringify(DEPLOYED));
    await expect(fetchAuthConfig(fetchImpl)).resolves.toEqual(DEPLOYED);
    expect(fetchImpl).toHaveBeenCalledWith(
      RUNTIME_CONFIG_PATH,
      expect.objectContaining({ cache: 'no-cache' }),
    );
    expect(RUNTIME_CONFIG_PATH).toBe('/runtime-config.json');
  });

  it('keeps the local stand-in’s endpoint when the file has one, and never invents it', async () => {
    await expect(fetchAuthConfig(answering(200, JSON.stringify(LOCAL)))).resolves.toEqual(LOCAL);
    expect(parseAuthConfig(DEPLOYED)).not.toHaveProperty('userPoolEndpoint');
  });

  it('works without a hosted domain or site URL, and then offers no hosted sign-in', () => {
    const { hostedUiDomain: _hosted, siteUrl: _site, ...poolOnly } = DEPLOYED;
    const config = parseAuthConfig(poolOnly);
    expect(config).toEqual(poolOnly);
    expect(offersHostedSignIn(config, 'https://shutterlane.com')).toBe(false);
  });

  it('says when the file is missing or cannot be fetched', async () => {
    await expect(fetchAuthConfig(answering(404, 'Not Found'))).rejects.toThrow(
      new AuthConfigError(signInFlowErrors.configMissing(404)),
    );
    const offline = vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(fetchAuthConfig(offline)).rejects.toThrow(signInFlowErrors.configUnreachable);
  });

  it('says what is malformed: not JSON, a web page (an SPA fallback), not an object', async () => {
    await expect(fetchAuthConfig(answering(200, '{"region":'))).rejects.toThrow(malformed('not JSON'));
    await expect(fetchAuthConfig(answering(200, '\n<!doctype html><html></html>'))).rejects.toThrow(
      malformed('the server sent a web page instead'),
    );
    expect(() => parseAuthConfig([DEPLOYED])).toThrow(malformed('not a JSON object'));
    expect(() => parseAuthConfig(null)).toThrow(malformed('not a JSON object'));
  });

  it('names the first missing or invalid field', () => {
    const { userPoolClientId: _client, ...withoutClient } = DEPLOYED;
    expect(() => parseAuthConfig(withoutClient)).toThrow(malformed('userPoolClientId is missing'));
    expect(() => parseAuthConfig({ ...DEPLOYED, region: '' })).toThrow(
      malformed('region must be a region name'),
    );
    expect(() => parseAuthConfig({ ...DEPLOYED, userPoolId: 'AbC123' })).toThrow(
      malformed('userPoolId must be a user pool id such as eu-west-2_AbC123'),
    );
    expect(() =>
      parseAuthConfig({ ...DEPLOYED, hostedUiDomain: 'shutterlane.auth.amazoncognito.com' }),
    ).toThrow(malformed('hostedUiDomain must be an https URL'));
    expect(() => parseAuthConfig({ ...DEPLOYED, hostedUiDomain: 'http://localhost:9443' })).toThrow(
      malformed('hostedUiDomain must be an https URL'),
    );
    expect(() => parseAuthConfig({ ...LOCAL, userPoolEndpoint: 9229 })).toThrow(
      malformed('userPoolEndpoint must be an http(s) URL'),
    );
  });

  it('is fetched once per page, and again after a failure', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockImplementation(async () => new Response(JSON.stringify(DEPLOYED)));
    vi.stubGlobal('fetch', fetchMock);
    await expect(loadAuthConfig()).rejects.toThrow(signInFlowErrors.configUnreachable);
    await expect(loadAuthConfig()).resolves.toEqual(DEPLOYED);
    await expect(loadAuthConfig()).resolves.toEqual(DEPLOYED);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('offering the hosted sign-in', () => {
  it('needs a hosted domain and a page on the site the pool sends sellers back to', () => {
    const config = parseAuthConfig(DEPLOYED);
    expect(offersHostedSignIn(config, 'https://shutterlane.com')).toBe(true);
    expect(offersHostedSignIn(config, 'https://www.shutterlane.com')).toBe(false);
    const { siteUrl: _site, ...noSite } = DEPLOYED;
    expect(offersHostedSignIn(parseAuthConfig(noSite), 'https://anything.example')).toBe(true);
  });
});
