/**
 * Opaque paging tokens: DynamoDB's LastEvaluatedKey sealed with AES-256-GCM under the paging secret
 * (read from Secrets Manager, see secrets.ts), bound to the list it came from (the scope: e.g. the
 * seller and the table). A client can neither read the key nor forge or tamper with one, and a token
 * from another seller's list does not open.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { serverErrors } from '#shared/texts/errors';
import { badRequest } from './http-error';
import { pagingTokenSecret } from './secrets';

export const INVALID_PAGE_TOKEN = serverErrors.invalidPageToken;

/** Tokens older than a day are refused: a page list is browsed, not bookmarked. */
const TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;

type Key = Record<string, unknown>;

const keyFor = (secret: string) => createHash('sha256').update(`paging:${secret}`).digest();

export async function sealPageToken(
  lastKey: Key | undefined,
  scope: string,
  now = Date.now(),
): Promise<string | undefined> {
  if (!lastKey) return undefined;
  const key = keyFor(await pagingTokenSecret());
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(scope));
  const plain = Buffer.from(JSON.stringify({ k: lastKey, t: now }));
  const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The key a token carries; a 400 for anything that is not a live token of this scope. */
export async function openPageToken(
  token: string | undefined,
  scope: string,
  now = Date.now(),
): Promise<Key | undefined> {
  if (token === undefined || token === '') return undefined;
  // Outside the try: a secret that cannot be read is a 503, not the client's bad token.
  const key = keyFor(await pagingTokenSecret());
  try {
    const raw = Buffer.from(token, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(scope));
    decipher.setAuthTag(raw.subarray(12, 28));
    const plain = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
    const { k, t } = JSON.parse(plain.toString('utf8')) as { k: Key; t: number };
    if (typeof t !== 'number' || now - t > TOKEN_LIFETIME_MS || typeof k !== 'object' || k === null)
      throw new Error('stale');
    return k;
  } catch {
    throw badRequest(INVALID_PAGE_TOKEN);
  }
}
