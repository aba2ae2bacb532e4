/**
 * The email the holder of an account gets when someone signs up with its address. Sign-up answers such
 * an attempt exactly like a new sign-up (nobody learns that the address has an account), so this email
 * is the only sign of it, and it goes only to the mailbox that owns the address. It says what happened,
 * that nothing changed, and offers the two things a forgetful owner came for: sign in, reset the
 * password. Plain text plus simple HTML in which every value is escaped.
 */
import { escapeHtml } from '#shared/texts/html';
import type { OutgoingEmail } from '../lib/mail';

export interface SignUpAttemptInput {
  /** The account's address (where the email goes). */
  email: string;
  /** The account holder's name, when the account has one. */
  name?: string;
  /** The SPA's public origin, e.g. https://shutterlane.com. */
  appUrl: string;
  supportEmail: string;
}

export const SIGN_UP_ATTEMPT_SUBJECT = 'Someone tried to sign up to Shutterlane with your email address';

export function signUpAttemptLinks(appUrl: string, email: string) {
  const origin = appUrl.replace(/\/+$/, '');
  return {
    signIn: `${origin}/signin?email=${encodeURIComponent(email)}`,
    resetPassword: `${origin}/reset-password`,
  };
}

export function signUpAttemptEmail(input: SignUpAttemptInput): OutgoingEmail {
  const links = signUpAttemptLinks(input.appUrl, input.email);
  const greeting = input.name?.trim() ? `Hello ${input.name.trim()},` : 'Hello,';
  const paragraphs = {
    what: `Someone, perhaps you, just tried to create a new Shutterlane account with this email address (${input.email}). You already have an account with it, so no new account was created and nothing about your account has changed.`,
    signIn: 'If it was you, sign in to the account you already have:',
    reset: 'Forgotten your password? Choose a new one:',
    notYou: `If it was not you, you can ignore this email: nobody can use your account without your password. Questions? Write to ${input.supportEmail}.`,
  };
  const text = [
    greeting,
    '',
    paragraphs.what,
    '',
    paragraphs.signIn,
    links.signIn,
    '',
    paragraphs.reset,
    links.resetPassword,
    '',
    paragraphs.notYou,
    '',
    'Shutterlane',
  ].join('\n');
  const link = (href: string, label: string) => `<a href="${escapeHtml(href)}">${label}</a>`;
  const html = [
    '<!doctype html>',
    '<html><body>',
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(paragraphs.what)}</p>`,
    `<p>${escapeHtml(paragraphs.signIn)}<br>${link(links.signIn, 'Sign In')}</p>`,
    `<p>${escapeHtml(paragraphs.reset)}<br>${link(links.resetPassword, 'Reset Password')}</p>`,
    `<p>${escapeHtml(paragraphs.notYou)}</p>`,
    '<p>Shutterlane</p>',
    '</body></html>',
  ].join('\n');
  return { to: input.email, subject: SIGN_UP_ATTEMPT_SUBJECT, text, html };
}
