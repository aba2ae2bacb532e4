/**
 * USER_SRP_AUTH as Cognito runs it: InitiateAuth (USERNAME, SRP_A) answers the PASSWORD_VERIFIER
 * challenge (SALT, SRP_B, SECRET_BLOCK, USER_ID_FOR_SRP, USERNAME); RespondToAuthChallenge with the
 * claim (PASSWORD_CLAIM_SIGNATURE, PASSWORD_CLAIM_SECRET_BLOCK, TIMESTAMP, USERNAME) gets tokens, or
 * NEW_PASSWORD_REQUIRED for a user with a temporary password.
 *
 * An unknown user gets a challenge too (from a password nobody knows), so the claim fails like a
 * wrong password: "prevent user existence errors", on unless the client says LEGACY.
 */
import { randomBytes } from 'node:crypto';
import * as z from 'zod/mini';
import { InvalidParameterError, NotAuthorizedError, UserNotFoundError } from 'cognito-local/lib/errors.js';
import type { Context } from 'cognito-local/lib/services/context.js';
import { ExpiringMap } from './cognito-expiring';
import { Parameters, parseRequest, requiredParameters } from './cognito-requests';
import {
  CHALLENGE_SESSION_MS,
  INCORRECT_CREDENTIALS,
  afterPasswordVerified,
  assertFlowEnabled,
  clientAndPool,
  completeSignIn,
  hidesUnknownUsers,
  newPasswordChallenge,
  type CognitoCore,
} from './cognito-sign-in';
import { answerClient, claimSignature, isClaimTimestamp, signatureMatches } from './cognito-srp';
import { API_SCOPE } from './cognito-tokens';

/** One PASSWORD_VERIFIER challenge in progress, found again by its SECRET_BLOCK. */
interface SrpExchange {
  clientId: string;
  /** USER_ID_FOR_SRP: the internal user name (the name given, for an unknown user). */
  userId: string;
  /** Undefined for an unknown user: no claim can succeed. */
  username: string | undefined;
  key: Buffer;
}

/** "eu-west-2_shutterlane" -> "shutterlane": the name SRP hashes in. */
export const srpPoolName = (userPoolId: string) => userPoolId.split('_')[1] ?? '';

const InitiateRequest = z.object({ ClientId: z.string(), AuthParameters: z.optional(Parameters) });
const RespondRequest = z.object({ ClientId: z.string(), ChallengeResponses: z.optional(Parameters) });

export function srpOperations(core: CognitoCore) {
  // The secret block is the handle of the exchange: random bytes the client signs over.
  const exchanges = new ExpiringMap<SrpExchange>(CHALLENGE_SESSION_MS, () =>
    randomBytes(64).toString('base64'),
  );

  /** InitiateAuth with AuthFlow USER_SRP_AUTH. */
  const initiate = async (ctx: Context, body: unknown) => {
    const request = parseRequest(InitiateRequest, body);
    const { client, pool } = await clientAndPool(core, ctx, request.ClientId);
    assertFlowEnabled(client, 'USER_SRP_AUTH');
    const { USERNAME, SRP_A } = requiredParameters(request.AuthParameters, ['USERNAME', 'SRP_A']);
    const user = await pool.getUserByUsername(ctx, USERNAME);
    if (!user && !hidesUnknownUsers(client)) throw new UserNotFoundError('User does not exist.');
    const userId = user?.Username ?? USERNAME;
    const identity = { poolName: srpPoolName(pool.options.Id), userId };
    const password = user?.Password ?? randomBytes(32).toString('hex');
    let step;
    try {
      step = answerClient(identity, password, SRP_A);
    } catch {
      throw new InvalidParameterError('SRP_A is not a valid value');
    }
    const secretBlock = exchanges.add({
      clientId: client.ClientId,
      userId,
      username: user?.Username,
      key: step.key,
    });
    return {
      ChallengeName: 'PASSWORD_VERIFIER',
      ChallengeParameters: {
        SALT: step.salt,
        SECRET_BLOCK: secretBlock,
        SRP_B: step.srpB,
        USERNAME: userId,
        USER_ID_FOR_SRP: userId,
      },
    };
  };

  /** RespondToAuthChallenge with ChallengeName PASSWORD_VERIFIER. */
  const verifyClaim = async (ctx: Context, body: unknown) => {
    const request = parseRequest(RespondRequest, body);
    const { client, pool } = await clientAndPool(core, ctx, request.ClientId);
    const responses = requiredParameters(request.ChallengeResponses, [
      'USERNAME',
      'PASSWORD_CLAIM_SECRET_BLOCK',
      'PASSWORD_CLAIM_SIGNATURE',
      'TIMESTAMP',
    ]);
    const { TIMESTAMP: timestamp, PASSWORD_CLAIM_SECRET_BLOCK: secretBlock } = responses;
    if (!isClaimTimestamp(timestamp)) throw new InvalidParameterError('TIMESTAMP format is invalid.');
    const lookup = exchanges.take(secretBlock);
    if (!lookup.found) {
      throw new NotAuthorizedError(
        lookup.expired ? 'Invalid session for the user, session is expired.' : INCORRECT_CREDENTIALS,
      );
    }
    const exchange = lookup.value;
    const user = exchange.username ? await pool.getUserByUsername(ctx, responses.USERNAME) : null;
    const expected = claimSignature(exchange.key, {
      poolName: srpPoolName(pool.options.Id),
      userId: exchange.userId,
      secretBlock,
      timestamp,
    });
    const proved =
      exchange.clientId === client.ClientId &&
      user?.Username === exchange.username &&
      signatureMatches(expected, responses.PASSWORD_CLAIM_SIGNATURE);
    if (!user || !proved) throw new NotAuthorizedError(INCORRECT_CREDENTIALS);
    const grant = core.tokens.newGrant(API_SCOPE, false);
    if (afterPasswordVerified(user, pool, core.services.clock.get()) === 'new-password-required')
      return newPasswordChallenge(core, user, client.ClientId, grant);
    return completeSignIn(core, ctx, pool, client, user, grant);
  };

  return { initiate, verifyClaim };
}
