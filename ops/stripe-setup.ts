/** `npm run stripe:setup -- --url https://<site>/api/webhooks/stripe [--dry-run]` (see ops/stripe-setup/run.ts). */
import { runCommand } from './cli';
import { USAGE, parseSetupFlags } from './stripe-setup/flags';
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

runCommand(main, USAGE);
