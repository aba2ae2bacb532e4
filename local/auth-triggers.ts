/**
 * The seller pool's Cognito triggers, run in-process by the local stack with the events Cognito
 * would send: the same functions/auth-triggers handler as in AWS decides who may sign up and words
 * every email, and the local stack puts the mail in the outbox.
 */
import type { CustomMessageTriggerEvent, PreSignUpTriggerEvent } from 'aws-lambda';
import type { CodeDelivery } from './standins/cognito';
import type { OutgoingMail } from './standins/mail-message';
import { codeMail } from './standins/cognito';

const CODE_PLACEHOLDER = '{####}';
const USERNAME_PLACEHOLDER = '{username}';
const FROM = 'Shutterlane <no-reply@shutterlane.com>';

async function authTriggers() {
  return (await import('../functions/auth-triggers/index')).handler;
}

export async function runPreSignUp(event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> {
  const handler = await authTriggers();
  return (await handler(event)) as PreSignUpTriggerEvent;
}

function customMessageEvent(delivery: CodeDelivery): CustomMessageTriggerEvent {
  return {
    version: '1',
    region: 'local',
    userPoolId: delivery.userPoolId,
    userName: delivery.username,
    callerContext: { awsSdkVersion: 'local', clientId: delivery.clientId ?? 'CLIENT_ID_NOT_APPLICABLE' },
    triggerSource: `CustomMessage_${delivery.source}`,
    request: {
      userAttributes: { sub: delivery.username, email: delivery.destination },
      codeParameter: CODE_PLACEHOLDER,
      linkParameter: '{##Click Here##}',
      usernameParameter: delivery.source === 'AdminCreateUser' ? USERNAME_PLACEHOLDER : null,
    },
    response: { smsMessage: null, emailMessage: null, emailSubject: null },
  } as CustomMessageTriggerEvent;
}

/** The email Cognito would send for this code: the trigger's wording, placeholders filled in. */
export async function customMessageMail(delivery: CodeDelivery): Promise<OutgoingMail> {
  const handler = await authTriggers();
  const { response } = (await handler(customMessageEvent(delivery))) as CustomMessageTriggerEvent;
  if (!response.emailMessage) return codeMail(delivery);
  const fill = (text: string) =>
    text.replaceAll(CODE_PLACEHOLDER, delivery.code).replaceAll(USERNAME_PLACEHOLDER, delivery.destination);
  return {
    from: FROM,
    to: [delivery.destination],
    subject: response.emailSubject ?? 'Shutterlane',
    html: fill(response.emailMessage),
  };
}
