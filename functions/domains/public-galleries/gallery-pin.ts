/**
 * A public gallery's PIN, kept only as a salted scrypt hash: a PIN is a few digits, so the
 * hash is made slow on purpose, and the public gallery's routes are rate-limited besides (a 4-digit PIN
 * has 10,000 values). Compared in constant time.
 *
 * Stored as `scrypt$<N>$<r>$<p>$<salt base64url>$<hash base64url>`, so the cost can rise later without
 * breaking the PINs already set.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const COST = { N: 2 ** 14, r: 8, p: 1 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;

function derive(pin: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(pin.normalize('NFKC'), salt, KEY_BYTES, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(pin, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `pin` is the one `stored` was made from; false for anything that is not such a hash. */
export async function pinMatches(pin: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const options = { N: Number(n), r: Number(r), p: Number(p) };
  if (![options.N, options.r, options.p].every((value) => Number.isInteger(value) && value > 0)) return false;
  const expected = Buffer.from(hash, 'base64url');
  if (expected.length !== KEY_BYTES) return false;
  return timingSafeEqual(await derive(pin, Buffer.from(salt, 'base64url'), options), expected);
}
