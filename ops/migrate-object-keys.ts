/** `npm run migrate:object-keys -- [--dry-run] [names]` (see ops/migrate-object-keys/run.ts). */
import { runCommand } from './cli';
import { USAGE, parseMigrationFlags } from './migrate-object-keys/flags';
import { migrateObjectKeys } from './migrate-object-keys/run';
import { useStorage } from './migrate-object-keys/storage';

const main = async (): Promise<number> => {
  const flags = parseMigrationFlags(process.argv.slice(2));
  if (flags === undefined) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  await useStorage(flags.storage);
  await migrateObjectKeys(flags, process.stdout);
  return 0;
};

runCommand(main, USAGE);
