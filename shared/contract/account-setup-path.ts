/** Where the emailed account-setup link points (the spec does not show the path). */
export const ACCOUNT_SETUP_PATH = '/account-setup';
