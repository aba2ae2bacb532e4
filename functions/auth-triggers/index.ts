/**
 * The Cognito triggers of the seller pool: PreSignUp (only sign-ups made by the users API) and
 * CustomMessage (emails with links into the SPA). Locally the stack calls this same handler.
 */
import type { CustomMessageTriggerEvent, PreSignUpTriggerEvent } from 'aws-lambda';
import { appEnv } from '../lib/env';
import { withCustomEmail } from './custom-message';
import { checkSignUp } from './pre-sign-up';

export type AuthTriggerEvent = PreSignUpTriggerEvent | CustomMessageTriggerEvent;

const isPreSignUp = (event: AuthTriggerEvent): event is PreSignUpTriggerEvent =>
  event.triggerSource.startsWith('PreSignUp_');

export async function handler(event: AuthTriggerEvent): Promise<AuthTriggerEvent> {
  if (isPreSignUp(event)) return checkSignUp(event);
  return withCustomEmail(event, appEnv().APP_URL);
}
