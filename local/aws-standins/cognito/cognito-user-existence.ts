/**
 * What Cognito answers about a username that is not in the pool when the app client has
 * PreventUserExistenceErrors ENABLED (ours has): the code-sending calls (ForgotPassword,
 * ResendConfirmationCode) pretend to have sent a code to a simulated destination, and the
 * code-confirming calls (ConfirmForgotPassword, ConfirmSignUp) refuse the code as if it were wrong.
 * cognito-local answers UserNotFoundException to all four, which would let our functions (and a
 * test) tell known from unknown addresses where AWS would not.
 */
import * as z from 'zod/mini';
import { CognitoError } from 'cognito-local/lib/errors.js';
import type { Context } from 'cognito-local/lib/services/context.js';
import type { CompatOperation } from './cognito-compat';
import { parseRequest } from './cognito-requests';
import { clientAndPool, hidesUnknownUsers, type CognitoCore } from './cognito-sign-in';

const ByUsername = z.object({ ClientId: z.string(), Username: z.string() });

/** The masked destination a simulated delivery names (AWS shows a few characters, never the address). */
export function simulatedDestination(username: string): string {
  const [local = '', domain = ''] = username.split('@');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
}

const simulatedDelivery = (username: string) => ({
  CodeDeliveryDetails: {
    AttributeName: 'email',
    DeliveryMedium: 'EMAIL',
    Destination: simulatedDestination(username),
  },
});

/** Whether the client hides that `Username` is unknown (false: the user exists or the client tells). */
async function hiddenUnknownUser(core: CognitoCore, ctx: Context, body: unknown): Promise<string | null> {
  const { ClientId, Username } = parseRequest(ByUsername, body);
  const { client, pool } = await clientAndPool(core, ctx, ClientId);
  if (!hidesUnknownUsers(client) || (await pool.getUserByUsername(ctx, Username))) return null;
  return Username;
}

/** `operation` for known users; for an unknown one, the simulated delivery AWS answers. */
export const simulatingDelivery =
  (core: CognitoCore, operation: CompatOperation): CompatOperation =>
  async (ctx, body) => {
    const unknown = await hiddenUnknownUser(core, ctx, body);
    return unknown === null ? operation(ctx, body) : simulatedDelivery(unknown);
  };

/** `operation` for known users; for an unknown one, the wrong-code error AWS answers. */
export const refusingCode =
  (core: CognitoCore, operation: CompatOperation): CompatOperation =>
  async (ctx, body) => {
    if ((await hiddenUnknownUser(core, ctx, body)) === null) return operation(ctx, body);
    throw new CognitoError('CodeMismatchException', 'Invalid verification code provided, please try again.');
  };
