/**
 * The hosted sign-in's pages: plain, accessible server-rendered HTML (a label for every field, one
 * button, errors announced) with Cognito's classic texts. Every value is escaped.
 */
import { escapeHtml } from '../../../shared/texts/html';

const page = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 24rem; margin: 3rem auto; padding: 0 1rem; }
label { display: block; margin-top: 1rem; }
input { display: block; width: 100%; padding: .5rem; margin-top: .25rem; box-sizing: border-box; }
button { margin-top: 1.5rem; padding: .6rem 1.2rem; }
.error { color: #b00020; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;

const errorParagraph = (error: string | undefined) =>
  error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '';

const hidden = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');

export interface LoginPage {
  /** Where the form posts: /login with the authorize parameters. */
  action: string;
  csrf: string;
  /** "Email" in a pool that signs in with the email address, else "Username". */
  usernameLabel: string;
  username?: string;
  error?: string;
}

export function loginPage({ action, csrf, usernameLabel, username = '', error }: LoginPage): string {
  const inputType = usernameLabel === 'Email' ? 'email' : 'text';
  return page(
    'Signin',
    `<h1>Sign in</h1>
<p>Sign in with your ${escapeHtml(usernameLabel.toLowerCase())} and password</p>
${errorParagraph(error)}
<form method="post" action="${escapeHtml(action)}">
${hidden({ _csrf: csrf })}
<label for="signInFormUsername">${escapeHtml(usernameLabel)}</label>
<input id="signInFormUsername" name="username" type="${inputType}" autocomplete="username" required value="${escapeHtml(username)}">
<label for="signInFormPassword">Password</label>
<input id="signInFormPassword" name="password" type="password" autocomplete="current-password" required>
<button type="submit" name="signInSubmitButton">Sign in</button>
</form>`,
  );
}

export interface NewPasswordPage {
  action: string;
  csrf: string;
  /** The pending challenge the form answers. */
  session: string;
  error?: string;
}

export function newPasswordPage({ action, csrf, session, error }: NewPasswordPage): string {
  return page(
    'Change Password',
    `<h1>Change Password</h1>
<p>Please enter a new password.</p>
${errorParagraph(error)}
<form method="post" action="${escapeHtml(action)}">
${hidden({ _csrf: csrf, session })}
<label for="new_password">New Password</label>
<input id="new_password" name="new_password" type="password" autocomplete="new-password" required>
<label for="confirm_password">Enter New Password Again</label>
<input id="confirm_password" name="confirm_password" type="password" autocomplete="new-password" required>
<button type="submit">Send</button>
</form>`,
  );
}

/** What Cognito shows for a request it will not redirect anywhere (unknown client, unlisted URI). */
export const errorPage = (error: string): string =>
  page(
    'Error',
    `<h1>An error was encountered with the requested page.</h1>
<p>${escapeHtml(error)}</p>`,
  );
