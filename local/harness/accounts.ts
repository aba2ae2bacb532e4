/** Helpers for the seller-account tests: the outbox's mails, invitation codes, Cognito sign-in. */
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { putUser, type UserRecord } from '../../functions/domains/sellers/seller-store';
import { LOCAL_AWS } from '@shutterlane/local-stack/config';
import type { OutboxMessage } from '@shutterlane/aws-standins/mail/mail-message';
import type { LocalStack } from '@shutterlane/local-stack/stack';
import { srpSignIn } from './srp-sign-in';

/** What these helpers need of a stack: its URLs and user pool. */
type StackView = Pick<LocalStack, 'urls' | 'cognito'>;

export async function outbox(stack: StackView): Promise<OutboxMessage[]> {
  const response = await fetch(`${stack.urls.mailbox}/api/messages`);
  return (await response.json()) as OutboxMessage[];
}

/** The newest mail to `to` whose subject contains `subject`, waiting up to 5 s for it. */
export async function waitForMail(stack: StackView, to: string, subject: string): Promise<OutboxMessage> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const mail = (await outbox(stack)).find((m) => m.to.includes(to) && m.subject.includes(subject));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No mail "${subject}" to ${to}`);
}

/** The first link in a mail's HTML whose path is `path`. */
export function linkIn(mail: OutboxMessage, path: string): URL {
  const hrefs = [...(mail.html ?? '').matchAll(/href="([^"]+)"/g)].map((m) => new URL(m[1]!));
  const link = hrefs.find((url) => url.pathname === path);
  if (!link) throw new Error(`No ${path} link in "${mail.subject}"`);
  return link;
}

export const uniqueEmail = (label: string) =>
  `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

export function cognitoClient(stack: StackView): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    endpoint: stack.urls.cognito,
    region: LOCAL_AWS.region,
    credentials: { accessKeyId: LOCAL_AWS.accessKeyId, secretAccessKey: LOCAL_AWS.secretAccessKey },
  });
}

/** Signs in with email and password as the SPA does (SRP); returns the ID token. */
export async function idToken(stack: StackView, email: string, password: string): Promise<string> {
  return (await srpSignIn(cognitoClient(stack), stack.cognito, email, password)).IdToken;
}

/**
 * A verified seller as sign-up leaves one: a confirmed Cognito user with a password, plus the users
 * record (with any `record` fields, e.g. a plan). Returns the Cognito id (sub) and the email.
 */
export async function createVerifiedSeller(
  stack: StackView,
  seller: { label: string; name: string; password: string },
  record: Partial<UserRecord> = {},
): Promise<{ userId: string; email: string }> {
  const email = uniqueEmail(seller.label);
  const client = cognitoClient(stack);
  const pool = { UserPoolId: stack.cognito.userPoolId, Username: email };
  await client.send(
    new AdminCreateUserCommand({
      ...pool,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: seller.name },
      ],
    }),
  );
  await client.send(new AdminSetUserPasswordCommand({ ...pool, Password: seller.password, Permanent: true }));
  const user = await client.send(new AdminGetUserCommand(pool));
  const userId = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
  if (!userId) throw new Error(`No sub for the new seller ${email}`);
  await putUser({ userId, email, name: seller.name, createdAt: new Date().toISOString(), ...record });
  return { userId, email };
}

/**
 * A seller an administrator created in the user pool (as `npm run invite -- --create` would): answers
 * their email and the code of the account-setup link mailed to them.
 */
export async function adminCreatedSeller(stack: StackView): Promise<{ email: string; code: string }> {
  const email = uniqueEmail('invited');
  await cognitoClient(stack).send(
    new AdminCreateUserCommand({
      UserPoolId: stack.cognito.userPoolId,
      Username: email,
      DesiredDeliveryMediums: ['EMAIL'],
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'name', Value: 'Invited Seller' },
      ],
    }),
  );
  const link = linkIn(await waitForMail(stack, email, 'Set up'), '/account-setup');
  return { email, code: link.searchParams.get('code')! };
}
