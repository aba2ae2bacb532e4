/** `npm run smoke -- --app-url https://<site> --seller-email <email> ...` (see ops/smoke/flags.ts). */
import { runCommand } from '../cli';
import { USAGE, parseSmokeFlags } from './flags';
import { runSmoke } from './run-smoke';

const main = async (): Promise<number> => {
  const options = parseSmokeFlags(process.argv.slice(2), process.env);
  if (options === undefined) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const report = await runSmoke(options);
  return report.passed ? 0 : 1;
};

runCommand(main, USAGE);
