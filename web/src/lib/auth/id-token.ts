/**
 * The API client's bearer-token hook. Tiny on purpose: it is in every page's bundle, while the session
 * (and Amplify) registers itself here only when a seller route loads it.
 */
let tokenSource: (() => Promise<string | null>) | undefined;

export function registerIdTokenSource(source: () => Promise<string | null>): void {
  tokenSource = source;
}

export const currentIdToken = (): Promise<string | null> | null => tokenSource?.() ?? null;
