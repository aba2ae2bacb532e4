/** `npm run stripe:setup -- --url https://<site>/api/webhooks/stripe [--dry-run]` (see ops/stripe-setup/run.ts). */
import { USAGE, UsageError, parseSetupFlags } from './stripe-setup/flags';
import { runStripeSetup } from './stripe-setup/run';

const main = async (): Promise<number> => {
  const flags = parseSetupFlags(process.argv.slice(2));
  if (flags === undefined) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const result = await runStripeSetup(flags, process.stdout, process.env);
  return result.problems.length === 0 ? 0 : 1;
};

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const usage = error instanceof UsageError;
    process.stderr.write(`${usage ? `${error.message}\n\n${USAGE}` : String(error)}\n`);
    process.exitCode = usage ? 2 : 1;
  },
);
