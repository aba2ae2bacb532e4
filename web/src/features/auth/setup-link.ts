/**
 * Reads the account-setup link. Cognito puts the temporary password into the link unencoded, and it
 * may contain `&`, `+`, `%` or `#`; the link ends with `code=`, so everything after it is the code.
 */
export function readSetupLink(href: string): { email: string; code: string } | null {
  const url = new URL(href);
  const email = url.searchParams.get('email')?.trim() ?? '';
  const raw = `${url.search}${url.hash}`;
  const at = raw.indexOf('code=');
  const code = at < 0 ? '' : raw.slice(at + 'code='.length);
  if (!email || !code || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return null;
  return { email, code };
}
