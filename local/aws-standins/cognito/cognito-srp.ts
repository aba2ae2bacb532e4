/**
 * The server half of Cognito's SRP-6a password check (InitiateAuth USER_SRP_AUTH, then the
 * PASSWORD_VERIFIER challenge), as Cognito's clients (Amplify, the mobile SDKs) speak it:
 *
 * - the 3072-bit MODP group of RFC 3526 (Node ships it as 'modp15') with g = 2, and SHA-256;
 * - numbers are hashed as "padded hex": even-length, big-endian, with a leading 00 when the top
 *   bit is set (Java's BigInteger.toByteArray), so both sides hash the same bytes;
 * - x = H(salt | H(poolName | userId | ":" | password)), where poolName is the part of the pool id
 *   after "_" and userId is USER_ID_FOR_SRP;
 * - the session key is HKDF-SHA256(ikm = S, salt = u, info = "Caldera Derived Key"), 16 bytes;
 * - the claim is base64(HMAC-SHA256(key, poolName | userId | SECRET_BLOCK bytes | TIMESTAMP)).
 *
 * Cognito stores only a verifier (g^x); cognito-local stores the password itself, so the verifier is
 * derived for each attempt with a fresh salt, which the client cannot tell apart.
 */
import {
  createDiffieHellman,
  createHash,
  createHmac,
  getDiffieHellman,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

const MODP_3072 = getDiffieHellman('modp15');
const [PRIME_BYTES, GENERATOR_BYTES] = [MODP_3072.getPrime(), MODP_3072.getGenerator()];
export const SRP_N = BigInt(`0x${PRIME_BYTES.toString('hex')}`);
export const SRP_G = BigInt(`0x${GENERATOR_BYTES.toString('hex')}`);

/** Even-length hex of a non-negative number, with "00" in front when its top bit is set. */
export function paddedHex(value: bigint): string {
  const hex = value.toString(16);
  const even = hex.length % 2 === 0 ? hex : `0${hex}`;
  return /^[89a-f]/.test(even) ? `00${even}` : even;
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hashOfHex = (hex: string) => sha256Hex(Buffer.from(hex, 'hex'));
const bigFromHex = (hex: string) => BigInt(`0x${hex}`);

/** The bytes of a non-negative number, big-endian. */
const bytesOf = (value: bigint) => {
  const hex = value.toString(16);
  return Buffer.from(hex.length % 2 === 0 ? hex : `0${hex}`, 'hex');
};

/**
 * base^exponent mod modulus. A Diffie-Hellman shared secret is exactly that (the peer's key raised to our
 * private key, modulo the prime), so OpenSSL computes it, about 13 times faster than BigInt arithmetic:
 * an SRP sign-in takes three such powers on each side. The arithmetic remains for other moduli (OpenSSL
 * takes only large primes), for what it refuses as a peer's key (0, 1, N - 1) and for a zero exponent.
 */
export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  const reduced = base % modulus;
  if (modulus === SRP_N && exponent > 0n && reduced > 1n && reduced < modulus - 1n) {
    const group = createDiffieHellman(PRIME_BYTES, GENERATOR_BYTES);
    group.setPrivateKey(bytesOf(exponent));
    return bigFromHex(group.computeSecret(bytesOf(reduced)).toString('hex'));
  }
  return arithmeticModPow(reduced, exponent, modulus);
}

/** Square-and-multiply; `base` is already reduced modulo `modulus`. */
function arithmeticModPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let square = base;
  for (let rest = exponent; rest > 0n; rest >>= 1n) {
    if (rest & 1n) result = (result * square) % modulus;
    square = (square * square) % modulus;
  }
  return result;
}

/** SRP-6a's multiplier k = H(N | g). */
export const SRP_K = bigFromHex(hashOfHex(paddedHex(SRP_N) + paddedHex(SRP_G)));

/** u = H(A | B): binds the session key to both public values. */
export const scramblingParameter = (a: bigint, b: bigint) =>
  bigFromHex(hashOfHex(paddedHex(a) + paddedHex(b)));

export interface SrpIdentity {
  /** The user pool id's part after "_" (e.g. "shutterlane" for "eu-west-2_shutterlane"). */
  poolName: string;
  /** USER_ID_FOR_SRP: the user's internal user name. */
  userId: string;
}

/** x = H(salt | H(poolName | userId | ":" | password)). */
export function privateKey(identity: SrpIdentity, password: string, salt: bigint): bigint {
  const inner = sha256Hex(`${identity.poolName}${identity.userId}:${password}`);
  return bigFromHex(hashOfHex(paddedHex(salt) + inner));
}

/** The 16-byte key both sides derive from the shared secret S and u. */
export const sessionKey = (sharedSecret: bigint, u: bigint): Buffer =>
  Buffer.from(
    hkdfSync(
      'sha256',
      Buffer.from(paddedHex(sharedSecret), 'hex'),
      Buffer.from(paddedHex(u), 'hex'),
      'Caldera Derived Key',
      16,
    ),
  );

export interface SrpServerStep {
  /** SALT, as hex. */
  salt: string;
  /** SRP_B, as hex. */
  srpB: string;
  /** The key the client's claim must be signed with. */
  key: Buffer;
}

/**
 * Answers the client's A for a known password. Throws when A is not usable (A mod N = 0), which
 * would let a client force the shared secret to zero.
 */
export function answerClient(identity: SrpIdentity, password: string, srpA: string): SrpServerStep {
  const clientA = /^[0-9a-f]+$/i.test(srpA) ? bigFromHex(srpA) : 0n;
  if (clientA % SRP_N === 0n) throw new RangeError('SRP_A is not a valid public value');
  const salt = bigFromHex(randomBytes(16).toString('hex'));
  const verifier = modPow(SRP_G, privateKey(identity, password, salt), SRP_N);
  for (;;) {
    const secret = bigFromHex(randomBytes(32).toString('hex'));
    const serverB = (SRP_K * verifier + modPow(SRP_G, secret, SRP_N)) % SRP_N;
    const u = scramblingParameter(clientA, serverB);
    // A zero B or u would make the proof meaningless; draw again (vanishingly rare).
    if (serverB === 0n || u === 0n) continue;
    const shared = modPow((clientA * modPow(verifier, u, SRP_N)) % SRP_N, secret, SRP_N);
    return { salt: salt.toString(16), srpB: serverB.toString(16), key: sessionKey(shared, u) };
  }
}

export interface PasswordClaim extends SrpIdentity {
  /** SECRET_BLOCK as sent in the challenge (base64). */
  secretBlock: string;
  /** TIMESTAMP as the client sent it. */
  timestamp: string;
}

/** base64(HMAC-SHA256(key, poolName | userId | secret block | timestamp)). */
export function claimSignature(key: Buffer, claim: PasswordClaim): string {
  return createHmac('sha256', key)
    .update(claim.poolName)
    .update(claim.userId)
    .update(Buffer.from(claim.secretBlock, 'base64'))
    .update(claim.timestamp)
    .digest('base64');
}

/** Compares a client's PASSWORD_CLAIM_SIGNATURE with the expected one in constant time. */
export function signatureMatches(expected: string, received: string): boolean {
  const a = Buffer.from(expected, 'base64');
  const b = Buffer.from(received, 'base64');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** "Tue Sep 5 08:03:09 UTC 2023": how every Cognito client writes TIMESTAMP (day not padded). */
const TIMESTAMP_FORMAT =
  /^(?:Sun|Mon|Tue|Wed|Thu|Fri|Sat) (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (?:[1-9]|[12]\d|3[01]) (?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d UTC \d{4}$/;

export const isClaimTimestamp = (timestamp: string) => TIMESTAMP_FORMAT.test(timestamp);
