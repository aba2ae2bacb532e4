/**
 * RespondToAuthChallenge NEW_PASSWORD_REQUIRED (NEW_PASSWORD, USERNAME, optional userAttributes.*),
 * as Cognito answers it. cognito-local takes any Session, checks no password policy and forgets the
 * refresh token it issues; here the session must be the one the challenge gave (same client and
 * user, within 3 minutes), the policy applies, and the tokens are those of every other sign-in.
 */
import * as z from 'zod/mini';
import { NotAuthorizedError } from 'cognito-local/lib/errors.js';
import type { Context } from 'cognito-local/lib/services/context.js';
import type { AttributeListType } from 'aws-sdk/clients/cognitoidentityserviceprovider';
import { assertPasswordConforms } from './cognito-password-policy';
import { Parameters, parseRequest, requiredParameters } from './cognito-requests';
import { clientAndPool, completeSignIn, type CognitoCore } from './cognito-sign-in';

const RespondRequest = z.object({
  ClientId: z.string(),
  Session: z.optional(z.string()),
  ChallengeResponses: z.optional(Parameters),
});

const ATTRIBUTE_PREFIX = 'userAttributes.';

/** `userAttributes.name` and the like: attributes the user fills in while choosing a password. */
function withAnsweredAttributes(attributes: AttributeListType, responses: Record<string, string>) {
  const answered = Object.entries(responses)
    .filter(([key]) => key.startsWith(ATTRIBUTE_PREFIX))
    .map(([key, value]) => ({ Name: key.slice(ATTRIBUTE_PREFIX.length), Value: value }));
  const names = new Set(answered.map((a) => a.Name));
  return [...attributes.filter((a) => !names.has(a.Name)), ...answered];
}

export function newPasswordOperation(core: CognitoCore) {
  return async (ctx: Context, body: unknown) => {
    const request = parseRequest(RespondRequest, body);
    const { client, pool } = await clientAndPool(core, ctx, request.ClientId);
    const responses = request.ChallengeResponses ?? {};
    const { USERNAME, NEW_PASSWORD } = requiredParameters(responses, ['USERNAME', 'NEW_PASSWORD']);
    const lookup = core.challenges.get(request.Session ?? '');
    if (!lookup.found) {
      throw new NotAuthorizedError(
        lookup.expired
          ? 'Invalid session for the user, session is expired.'
          : 'Invalid session for the user.',
      );
    }
    const session = lookup.value;
    const user = await pool.getUserByUsername(ctx, USERNAME);
    if (session.clientId !== client.ClientId || user?.Username !== session.username)
      throw new NotAuthorizedError('Invalid session for the user.');
    // A refused password leaves the session open for another try, as the hosted pages allow.
    assertPasswordConforms(pool.options.Policies?.PasswordPolicy, NEW_PASSWORD, 'RespondToAuthChallenge');
    core.challenges.delete(request.Session ?? '');
    const updated = {
      ...user,
      Password: NEW_PASSWORD,
      UserStatus: 'CONFIRMED',
      Attributes: withAnsweredAttributes(user.Attributes ?? [], responses),
      UserLastModifiedDate: core.services.clock.get(),
    };
    await pool.saveUser(ctx, updated);
    return completeSignIn(core, ctx, pool, client, updated, session.grant);
  };
}
