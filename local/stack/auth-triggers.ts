/**
 * The user pool's Lambda triggers as Cognito calls them: the stand-in asks, the local stack invokes
 * the trigger function the template names (in its own worker, with its own environment), with the
 * events Cognito sends, and the local stack puts Cognito's own emails in the outbox.
 */
import type { CustomMessageTriggerEvent, PreSignUpTriggerEvent } from 'aws-lambda';
import type { CodeDelivery } from '@shutterlane/aws-standins/cognito/cognito';
import type { OutgoingMail } from '@shutterlane/aws-standins/mail/mail-message';
import { codeMail } from '@shutterlane/aws-standins/cognito/cognito';
import type { CognitoTriggers } from './deployment/events';
import type { InvocationOutcome } from './functions/host';

const CODE_PLACEHOLDER = '{####}';
const USERNAME_PLACEHOLDER = '{username}';
const FROM = 'Shutterlane <no-reply@verificationemail.com>';

export type InvokeFunction = (arn: string, event: unknown) => Promise<InvocationOutcome>;

async function invokeTrigger<T>(invoke: InvokeFunction, arn: string, event: T): Promise<T> {
  const outcome = await invoke(arn, event);
  // Cognito refuses the request when a trigger fails, with the trigger's message.
  if (!outcome.ok) throw new Error(outcome.errorMessage);
  return outcome.result as T;
}

export function runPreSignUp(invoke: InvokeFunction, triggers: CognitoTriggers) {
  return async (event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> => {
    if (!triggers.PreSignUp) return event;
    return invokeTrigger(invoke, triggers.PreSignUp, event);
  };
}

function customMessageEvent(delivery: CodeDelivery, region: string): CustomMessageTriggerEvent {
  return {
    version: '1',
    region,
    userPoolId: delivery.userPoolId,
    userName: delivery.username,
    callerContext: { awsSdkVersion: 'local', clientId: delivery.clientId ?? 'CLIENT_ID_NOT_APPLICABLE' },
    triggerSource: `CustomMessage_${delivery.source}`,
    request: {
      userAttributes: { sub: delivery.username, email: delivery.destination, ...delivery.userAttributes },
      ...(delivery.clientMetadata && { clientMetadata: delivery.clientMetadata }),
      codeParameter: CODE_PLACEHOLDER,
      linkParameter: '{##Click Here##}',
      usernameParameter: delivery.source === 'AdminCreateUser' ? USERNAME_PLACEHOLDER : null,
    },
    response: { smsMessage: null, emailMessage: null, emailSubject: null },
  } as CustomMessageTriggerEvent;
}

/**
 * The email Cognito would send for this code: the CustomMessage trigger's wording, placeholders filled
 * in. Like Cognito, a message without the code placeholder, or for an administrator-created user
 * without the username placeholder too, fails the request (InvalidLambdaResponseException).
 */
export function customMessageMail(invoke: InvokeFunction, triggers: CognitoTriggers, region: string) {
  return async (delivery: CodeDelivery): Promise<OutgoingMail> => {
    if (!triggers.CustomMessage) return codeMail(delivery);
    const { response } = await invokeTrigger(
      invoke,
      triggers.CustomMessage,
      customMessageEvent(delivery, region),
    );
    const message = response.emailMessage;
    if (!message) return codeMail(delivery);
    const needs =
      delivery.source === 'AdminCreateUser' ? [CODE_PLACEHOLDER, USERNAME_PLACEHOLDER] : [CODE_PLACEHOLDER];
    const missing = needs.filter((placeholder) => !message.includes(placeholder));
    if (missing.length > 0)
      throw new Error(`InvalidLambdaResponseException: the custom message lacks ${missing.join(' and ')}`);
    const fill = (text: string) =>
      text.replaceAll(CODE_PLACEHOLDER, delivery.code).replaceAll(USERNAME_PLACEHOLDER, delivery.destination);
    return {
      from: FROM,
      to: [delivery.destination],
      subject: response.emailSubject ?? 'Shutterlane',
      html: fill(message),
    };
  };
}
