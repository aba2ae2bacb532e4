/**
 * Signs in as the SPA does in production: USER_SRP_AUTH, then the PASSWORD_VERIFIER challenge (the
 * app client allows no plain-password flow). The client side of Cognito's SRP, computed the client's
 * way, S = (B - k g^x)^(a + u x), with the shared primitives of the stand-in's SRP module.
 */
import { randomBytes } from 'node:crypto';
import {
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  SRP_G,
  SRP_K,
  SRP_N,
  claimSignature,
  modPow,
  privateKey,
  scramblingParameter,
  sessionKey,
} from '@shutterlane/aws-standins/cognito/cognito-srp';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** Cognito's claim timestamp, e.g. `Tue Sep 5 08:03:09 UTC 2023`. */
function claimTimestamp(now = new Date()): string {
  const time = `${two(now.getUTCHours())}:${two(now.getUTCMinutes())}:${two(now.getUTCSeconds())}`;
  return `${DAYS[now.getUTCDay()]} ${MONTHS[now.getUTCMonth()]} ${now.getUTCDate()} ${time} UTC ${now.getUTCFullYear()}`;
}

/**
 * One SRP sign-in attempt's client side: `srpA` to send, then `claim` answering the PASSWORD_VERIFIER
 * challenge's parameters (tests may also alter what it returns, to send what a real client never would).
 */
export function srpClient(now = new Date()) {
  const a = BigInt(`0x${randomBytes(128).toString('hex')}`);
  const clientA = modPow(SRP_G, a, SRP_N);
  const claim = (poolId: string, parameters: Record<string, string>, password: string) => {
    const identity = { poolName: poolId.split('_')[1] ?? '', userId: parameters.USER_ID_FOR_SRP ?? '' };
    const serverB = BigInt(`0x${parameters.SRP_B}`);
    const u = scramblingParameter(clientA, serverB);
    const x = privateKey(identity, password, BigInt(`0x${parameters.SALT}`));
    const base = (((serverB - SRP_K * modPow(SRP_G, x, SRP_N)) % SRP_N) + SRP_N) % SRP_N;
    const key = sessionKey(modPow(base, a + u * x, SRP_N), u);
    const timestamp = claimTimestamp(now);
    const secretBlock = parameters.SECRET_BLOCK ?? '';
    return {
      USERNAME: identity.userId,
      PASSWORD_CLAIM_SECRET_BLOCK: secretBlock,
      TIMESTAMP: timestamp,
      PASSWORD_CLAIM_SIGNATURE: claimSignature(key, { ...identity, secretBlock, timestamp }),
    };
  };
  return { srpA: clientA.toString(16), claim };
}

export interface SrpTokens {
  IdToken: string;
  AccessToken: string;
  RefreshToken: string;
}

export async function srpSignIn(
  client: CognitoIdentityProviderClient,
  pool: { userPoolId: string; clientId: string },
  email: string,
  password: string,
): Promise<SrpTokens> {
  const srp = srpClient();
  const started = await client.send(
    new InitiateAuthCommand({
      ClientId: pool.clientId,
      AuthFlow: 'USER_SRP_AUTH',
      AuthParameters: { USERNAME: email, SRP_A: srp.srpA },
    }),
  );
  const answered = await client.send(
    new RespondToAuthChallengeCommand({
      ClientId: pool.clientId,
      ChallengeName: 'PASSWORD_VERIFIER',
      ChallengeResponses: srp.claim(pool.userPoolId, started.ChallengeParameters ?? {}, password),
    }),
  );
  const result = answered.AuthenticationResult;
  if (!result?.IdToken || !result.AccessToken || !result.RefreshToken)
    throw new Error(`SRP sign-in of ${email} gave no tokens (${answered.ChallengeName ?? 'no challenge'})`);
  return { IdToken: result.IdToken, AccessToken: result.AccessToken, RefreshToken: result.RefreshToken };
}
