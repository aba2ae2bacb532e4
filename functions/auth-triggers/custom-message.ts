/**
 * The emails Cognito sends, with links into the SPA: sign-up and resend carry a link to
 * `/verify?code=...&email=...`, a reset carries the code and a link to the reset page, and an
 * administrator-created account carries a link to the account-setup page. Cognito replaces the
 * `{####}` code placeholder after this runs, and requires it in the message; an administrator-created
 * user's message must carry the `{username}` placeholder too, or Cognito refuses to create the user.
 */
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { ACCOUNT_SETUP_PATH } from '#shared/rules/constants';
import { escapeHtml } from '#shared/texts/html';
import { TEAM_INVITE_METADATA } from '#shared/rules/team-roles';

export interface EmailContent {
  subject: string;
  html: string;
}

/** A link whose query ends with the raw code placeholder (Cognito fills it in unencoded). */
const linkWithCode = (appUrl: string, path: string, email: string, code: string) =>
  `${appUrl}${path}?email=${encodeURIComponent(email)}&code=${code}`;

function page(greeting: string, lines: string[], link: { href: string; label: string }): string {
  return [
    `<p>${escapeHtml(greeting)}</p>`,
    ...lines.map((line) => `<p>${line}</p>`),
    `<p><a href="${link.href}">${escapeHtml(link.label)}</a></p>`,
    `<p>If the button does not work, copy this address into your browser:<br>${link.href}</p>`,
    '<p>Shutterlane</p>',
  ].join('\n');
}

/** The business and role a team invitation names (functions/users/team.ts sends them as client metadata). */
function teamInvitation(metadata: Record<string, string> | undefined) {
  const business = metadata?.[TEAM_INVITE_METADATA.business];
  const role = metadata?.[TEAM_INVITE_METADATA.role];
  return business && role ? { business, role } : undefined;
}

export function customEmail(event: CustomMessageTriggerEvent, appUrl: string): EmailContent | null {
  const { userAttributes, codeParameter, usernameParameter } = event.request;
  const email = userAttributes.email ?? '';
  const greeting = `Hello ${userAttributes.name ?? ''}`.trim() + ',';
  switch (event.triggerSource) {
    case 'CustomMessage_SignUp':
    case 'CustomMessage_ResendCode': {
      const href = linkWithCode(appUrl, '/verify', email, codeParameter);
      return {
        subject: 'Verify your Shutterlane account',
        html: page(greeting, ['Please confirm your email address to finish creating your account.'], {
          href,
          label: 'Verify Email',
        }),
      };
    }
    case 'CustomMessage_ForgotPassword': {
      const href = linkWithCode(appUrl, '/reset-password', email, codeParameter);
      return {
        subject: 'Reset your Shutterlane password',
        html: page(greeting, [`Your password reset code is <strong>${codeParameter}</strong>`], {
          href,
          label: 'Reset Password',
        }),
      };
    }
    case 'CustomMessage_AdminCreateUser': {
      const href = linkWithCode(appUrl, ACCOUNT_SETUP_PATH, email, codeParameter);
      const team = teamInvitation(event.request.clientMetadata);
      if (team)
        return {
          subject: `Join ${team.business} on Shutterlane`,
          html: page(
            greeting,
            [
              `${escapeHtml(team.business)} invited you to their team on Shutterlane as a ${escapeHtml(team.role)}. Choose your password to start.`,
              `Your sign-in name: ${usernameParameter ?? '{username}'}`,
            ],
            { href, label: 'Join the Team' },
          ),
        };
      return {
        subject: 'Set up your Shutterlane account',
        html: page(
          greeting,
          [
            'An account has been created for you. Choose your password to start.',
            `Your sign-in name: ${usernameParameter ?? '{username}'}`,
          ],
          { href, label: 'Set Up Account' },
        ),
      };
    }
    default:
      // Other messages keep Cognito's default wording.
      return null;
  }
}

export function withCustomEmail<E extends CustomMessageTriggerEvent>(event: E, appUrl: string): E {
  const content = customEmail(event, appUrl);
  if (!content) return event;
  return {
    ...event,
    response: { ...event.response, emailSubject: content.subject, emailMessage: content.html },
  };
}
