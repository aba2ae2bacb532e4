/**
 * Errors of the SPA's seller sign-in where the spec shows none (ours): its run-time settings
 * (`/runtime-config.json`), an administrator-created seller's new-password step, and an email address
 * not verified yet. Each says what happened and what to do next. Here rather than in shared/texts/errors.ts:
 * that module's chunk is loaded by the customer order page, and only seller pages need these.
 */
export const signInFlowErrors = {
  configUnreachable:
    'Sign-in is unavailable: its settings (/runtime-config.json) could not be loaded. Please check your connection and try again.',
  configMissing: (status: number) =>
    `Sign-in is unavailable: its settings (/runtime-config.json) could not be loaded (HTTP ${status}).`,
  configMalformed: (problem: string) =>
    `Sign-in is unavailable: its settings (/runtime-config.json) are malformed: ${problem}.`,
  newPasswordTooWeak: 'This password is too weak. Please choose a longer one that is hard to guess.',
  sessionExpired:
    'Your sign-in session has expired. Please sign in again with the temporary password from your email.',
  emailNotVerified:
    'Please verify your email address before signing in: open the link we emailed you, or ask for a new one below.',
} as const;
