import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  SRP_G,
  SRP_K,
  SRP_N,
  answerClient,
  claimSignature,
  isClaimTimestamp,
  modPow,
  paddedHex,
  privateKey,
  scramblingParameter,
  sessionKey,
  signatureMatches,
  type SrpIdentity,
} from './cognito-srp';

const identity: SrpIdentity = { poolName: 'shutterlane', userId: '5f0c7e1e-0000-4000-8000-000000000001' };

/** A client's random secret a and its public A = g^a. */
function clientSecret() {
  const a = BigInt(`0x${randomBytes(128).toString('hex')}`);
  return { a, clientA: modPow(SRP_G, a, SRP_N) };
}

/**
 * The client's key, computed the way a client does: S = (B - k g^x)^(a + u x). The server computes
 * S = (A v^u)^b, so equal keys show that the two halves of the algebra agree.
 */
function clientKey(
  client: { a: bigint; clientA: bigint },
  password: string,
  step: { salt: string; srpB: string },
) {
  const serverB = BigInt(`0x${step.srpB}`);
  const u = scramblingParameter(client.clientA, serverB);
  const x = privateKey(identity, password, BigInt(`0x${step.salt}`));
  const base = (((serverB - SRP_K * modPow(SRP_G, x, SRP_N)) % SRP_N) + SRP_N) % SRP_N;
  return sessionKey(modPow(base, client.a + u * x, SRP_N), u);
}

const claim = {
  ...identity,
  secretBlock: randomBytes(64).toString('base64'),
  timestamp: 'Tue Sep 5 08:03:09 UTC 2023',
};

/** Square-and-multiply, the textbook way: the reference modPow is checked against. */
function referencePow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  for (let square = base % modulus, rest = exponent; rest > 0n; rest >>= 1n) {
    if (rest & 1n) result = (result * square) % modulus;
    square = (square * square) % modulus;
  }
  return result;
}

describe('modPow', () => {
  const random = (bytes: number) => BigInt(`0x${randomBytes(bytes).toString('hex')}`);

  it("computes the group's powers as the arithmetic does, whatever the sizes", () => {
    for (const [baseBytes, exponentBytes] of [
      [384, 128],
      [1, 32],
      [400, 160],
      [384, 1],
    ] as const) {
      const [base, exponent] = [random(baseBytes), random(exponentBytes) + 1n];
      expect(modPow(base, exponent, SRP_N)).toBe(referencePow(base, exponent, SRP_N));
    }
  });

  it('answers the values a key exchange refuses, and other moduli, by the arithmetic', () => {
    for (const base of [0n, 1n, SRP_N - 1n, SRP_N, SRP_N + 1n])
      expect(modPow(base, 12345n, SRP_N)).toBe(referencePow(base, 12345n, SRP_N));
    expect(modPow(random(384), 0n, SRP_N)).toBe(1n);
    expect(modPow(5n, 117n, 23n)).toBe(referencePow(5n, 117n, 23n));
  });
});

describe('Cognito SRP (server side)', () => {
  it('uses the 3072-bit group with g = 2', () => {
    expect(SRP_N.toString(2)).toHaveLength(3072);
    expect(SRP_G).toBe(2n);
  });

  it('writes numbers as padded hex, like Java BigInteger bytes', () => {
    expect(paddedHex(0x14n)).toBe('14');
    expect(paddedHex(0xecn)).toBe('00ec');
    expect(paddedHex(0x1n)).toBe('01');
    expect(paddedHex(0x7fffn)).toBe('7fff');
    expect(paddedHex(0x8000n)).toBe('008000');
  });

  it('derives the key of a client that knows the password, and accepts its claim', () => {
    const client = clientSecret();
    const step = answerClient(identity, 'Correct-horse-9', client.clientA.toString(16));
    expect(step.salt).toMatch(/^[0-9a-f]+$/);
    const key = clientKey(client, 'Correct-horse-9', step);
    expect(key.equals(step.key)).toBe(true);
    expect(signatureMatches(claimSignature(step.key, claim), claimSignature(key, claim))).toBe(true);
  });

  it('refuses the claim of a client with a wrong password', () => {
    const client = clientSecret();
    const step = answerClient(identity, 'Correct-horse-9', client.clientA.toString(16));
    const key = clientKey(client, 'Correct-horse-8', step);
    expect(key.equals(step.key)).toBe(false);
    expect(signatureMatches(claimSignature(step.key, claim), claimSignature(key, claim))).toBe(false);
  });

  it('signs over the user, the secret block and the timestamp', () => {
    const { key } = answerClient(identity, 'pw', clientSecret().clientA.toString(16));
    const signature = claimSignature(key, claim);
    expect(claimSignature(key, { ...claim, timestamp: 'Tue Sep 5 08:03:10 UTC 2023' })).not.toBe(signature);
    expect(claimSignature(key, { ...claim, userId: 'someone-else' })).not.toBe(signature);
    expect(claimSignature(key, { ...claim, secretBlock: randomBytes(64).toString('base64') })).not.toBe(
      signature,
    );
  });

  it('refuses an A that is a multiple of N', () => {
    expect(() => answerClient(identity, 'pw', '0')).toThrow(RangeError);
    expect(() => answerClient(identity, 'pw', SRP_N.toString(16))).toThrow(RangeError);
    expect(() => answerClient(identity, 'pw', 'not-hex')).toThrow(RangeError);
  });

  it('knows the TIMESTAMP format Cognito clients send', () => {
    expect(isClaimTimestamp('Tue Sep 5 08:03:09 UTC 2023')).toBe(true);
    expect(isClaimTimestamp('Sun Dec 31 23:59:59 UTC 2023')).toBe(true);
    expect(isClaimTimestamp('Tue Sep 05 08:03:09 UTC 2023')).toBe(false);
    expect(isClaimTimestamp('2023-09-05T08:03:09Z')).toBe(false);
  });

  it('compares signatures of different lengths as different', () => {
    expect(signatureMatches('AAAA', 'AAAAAA==')).toBe(false);
  });
});
