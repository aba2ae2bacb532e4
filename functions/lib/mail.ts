/**
 * Sending email: SES v2 SendEmail through one client for the process. Locally SES_ENDPOINT points it at
 * the mail outbox, which speaks the same API.
 */
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { awsEnv, mailEnv } from './env';

let client: SESv2Client | undefined;

function ses(): SESv2Client {
  if (!client) {
    const { AWS_REGION } = awsEnv();
    const { SES_ENDPOINT } = mailEnv();
    client = new SESv2Client({
      region: AWS_REGION,
      // One retry at most: a customer is waiting on complete-checkout, and a failed send is reported.
      maxAttempts: 2,
      ...(SES_ENDPOINT && { endpoint: SES_ENDPOINT }),
    });
  }
  return client;
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends one email from MAIL_FROM; returns SES's message id. Throws what SES throws. */
export async function sendEmail(email: OutgoingEmail): Promise<string> {
  const { MAIL_FROM } = mailEnv();
  const charset = 'UTF-8';
  const { MessageId } = await ses().send(
    new SendEmailCommand({
      FromEmailAddress: MAIL_FROM,
      Destination: { ToAddresses: [email.to] },
      Content: {
        Simple: {
          Subject: { Data: email.subject, Charset: charset },
          Body: {
            Text: { Data: email.text, Charset: charset },
            Html: { Data: email.html, Charset: charset },
          },
        },
      },
    }),
  );
  return MessageId ?? '';
}
