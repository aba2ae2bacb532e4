/**
 * Verification codes the Cognito stand-in sends. In AWS, Cognito mails them; locally they go to
 * whoever listens (`onCode`: the mail outbox, a test) and are kept per address so tests can read
 * the latest one without parsing mail.
 */
import type { OutgoingMail } from '../mail/mail-message';

/** Why Cognito sent the code (cognito-local's message sources, as in the CustomMessage trigger). */
export type CodeSource =
  | 'SignUp'
  | 'ResendCode'
  | 'ForgotPassword'
  | 'AdminCreateUser'
  | 'Authentication'
  | 'UpdateUserAttribute'
  | 'VerifyUserAttribute';

export interface CodeDelivery {
  source: CodeSource;
  /** Where the code went: the email address (or phone number for SMS). */
  destination: string;
  medium: 'EMAIL' | 'SMS';
  /** Cognito's user name (the user's `sub` in an email-as-username pool). */
  username: string;
  code: string;
  userPoolId: string;
  clientId: string | null;
  /** The user's attributes, as Cognito hands them to the CustomMessage trigger. */
  userAttributes?: Record<string, string>;
  /** The request's ClientMetadata, which Cognito passes on to the CustomMessage trigger. */
  clientMetadata?: Record<string, string>;
}

/** The latest code sent to each address; addresses compare case-insensitively like email. */
export class CodeBook {
  private readonly latest = new Map<string, CodeDelivery>();

  record(delivery: CodeDelivery): void {
    this.latest.set(delivery.destination.toLowerCase(), delivery);
  }

  lastCode(destination: string): string | undefined {
    return this.latest.get(destination.toLowerCase())?.code;
  }

  lastDelivery(destination: string): CodeDelivery | undefined {
    return this.latest.get(destination.toLowerCase());
  }
}

const SUBJECTS: Record<CodeSource, string> = {
  SignUp: 'Your verification code',
  ResendCode: 'Your verification code',
  ForgotPassword: 'Your password reset code',
  AdminCreateUser: 'Your temporary password',
  Authentication: 'Your sign-in code',
  UpdateUserAttribute: 'Your verification code',
  VerifyUserAttribute: 'Your verification code',
};

/** The mail Cognito's default sender would send, for the local outbox. */
export function codeMail(delivery: CodeDelivery, from = 'no-reply@verificationemail.com'): OutgoingMail {
  const what = delivery.source === 'ForgotPassword' ? 'password reset code' : 'verification code';
  return {
    from,
    to: [delivery.destination],
    subject: SUBJECTS[delivery.source],
    text: `Your ${what} is ${delivery.code}`,
  };
}

/** One line for a console, when nobody else listens for codes. */
export const codeLogLine = (delivery: CodeDelivery): string =>
  `[cognito] ${delivery.source} code for ${delivery.destination}: ${delivery.code}`;
