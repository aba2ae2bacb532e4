/**
 * Whether this browser holds a seller session, without loading Amplify: Amplify keeps the last
 * signed-in user under this key. The navigation bar uses it on customer routes, which must stay
 * free of the sign-in library.
 */
export function hasStoredSession(storage: Pick<Storage, 'length' | 'key'> = window.localStorage): boolean {
  try {
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.LastAuthUser')) return true;
    }
  } catch {
    // Storage can be blocked (private modes); then nobody is signed in as far as we can tell.
  }
  return false;
}
