/**
 * What the operator commands (`npm run smoke`, `npm run stripe:setup`) share: the usage error, the
 * check of a URL flag (https, or http on this machine for the local stack), and the exit codes
 * (0 done, 1 failed, 2 bad usage with the usage text).
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The URL a flag names, refused unless https (or http on a loopback host). */
export function httpsUrlFlag(value: string, flag: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`${flag} is not a URL: ${value}`);
  }
  const loopbackHttp = url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !loopbackHttp)
    throw new UsageError(`${flag} must be https (http only for localhost): ${value}`);
  return url;
}

/** Runs a command's main (its exit code), reporting a usage error with the usage text. */
export function runCommand(main: () => Promise<number>, usage: string): void {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      const isUsage = error instanceof UsageError;
      process.stderr.write(`${isUsage ? `${error.message}\n\n${usage}` : String(error)}\n`);
      process.exitCode = isUsage ? 2 : 1;
    },
  );
}
