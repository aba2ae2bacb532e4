/**
 * The mail adapter: SES v2 SendEmail through one client for the process. Locally SES_ENDPOINT points it at
 * the mail outbox, which speaks the same API. The SDK is imported on first send, so routes of the same
 * bundle that never send mail (validate-checkout) do not load it on a cold start.
 */
import type * as SesModule from '@aws-sdk/client-sesv2';
import { awsEnv, mailEnv } from './env';

let client: Promise<{ sdk: typeof SesModule; client: SesModule.SESv2Client }> | undefined;

function ses() {
  client ??= import('@aws-sdk/client-sesv2').then((sdk) => {
    const { AWS_REGION } = awsEnv();
    const { SES_ENDPOINT } = mailEnv();
    return {
      sdk,
      client: new sdk.SESv2Client({
        region: AWS_REGION,
        // One retry at most: a customer is waiting on complete-checkout, and a failed send is reported.
        maxAttempts: 2,
        ...(SES_ENDPOINT && { endpoint: SES_ENDPOINT }),
      }),
    };
  });
  return client;
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (SES v2 Simple content), e.g. List-Unsubscribe. */
  headers?: { name: string; value: string }[];
}

/** What services ask of the mail adapter (unit tests pass a plain function instead). */
export type SendEmail = (email: OutgoingEmail) => Promise<string>;

/** Sends one email from MAIL_FROM; returns SES's message id. Throws what SES throws. */
export async function sendEmail(email: OutgoingEmail): Promise<string> {
  const { MAIL_FROM } = mailEnv();
  const charset = 'UTF-8';
  const { sdk, client: sesClient } = await ses();
  const { MessageId } = await sesClient.send(
    new sdk.SendEmailCommand({
      FromEmailAddress: MAIL_FROM,
      Destination: { ToAddresses: [email.to] },
      Content: {
        Simple: {
          Subject: { Data: email.subject, Charset: charset },
          Body: {
            Text: { Data: email.text, Charset: charset },
            Html: { Data: email.html, Charset: charset },
          },
          ...(email.headers?.length && {
            Headers: email.headers.map(({ name, value }) => ({ Name: name, Value: value })),
          }),
        },
      },
    }),
  );
  return MessageId ?? '';
}
