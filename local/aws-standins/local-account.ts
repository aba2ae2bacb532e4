/** What every stand-in knows of the local account: the host they answer on, and the operator's keys. */

/** Host name the local stack binds to and prints. */
export const LOCAL_HOST = process.env.LOCAL_HOST ?? 'localhost';

/**
 * The operator's local credentials (the demo seed, `npm run invite`, tests): an administrator, as a
 * developer's own credentials would be. Functions never get these: each signs with its own key.
 */
export const LOCAL_AWS = {
  region: 'eu-west-2',
  accessKeyId: 'SHUTTERLANELOCAL',
  secretAccessKey: 'shutterlane-local-secret-key',
} as const;
