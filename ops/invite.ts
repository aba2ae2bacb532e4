/**
 * Mints invitation codes: `npm run invite -- --count 3 --uses 1 --note "spring photographers"`.
 * Prints one code a line.
 * - Against a deployment: `--table <name>` (the `Shutterlane-Data.InvitesTableName` output), with your
 *   AWS credentials and region from the environment as for any AWS CLI (e.g. AWS_PROFILE, AWS_REGION).
 * - Locally (no `--table`): the running local stack's invites table, as `npm start` recorded it in
 *   `.data/operator-env.json`, with the local operator's credentials.
 */
import { parseArgs } from 'node:util';
import { newUserFacingCode } from '../functions/lib/ids';
import { putInvite } from '../functions/domains/sellers/invite-store';
import { TABLES } from '#shared/platform/storage-layout';
import { placeholderTableNames, useLocalStack } from './local-stack-env';

function useTable(table: string): void {
  // Only the invites table is written.
  placeholderTableNames();
  process.env[TABLES.invites.envVar] = table;
}

const positive = (value: string | undefined, name: string, fallback: number): number => {
  const number = value === undefined ? fallback : Number(value);
  if (!Number.isInteger(number) || number < 1)
    throw new Error(`--${name} must be a whole number of at least 1`);
  return number;
};

/** Mints `count` codes with `uses` uses each; returns them. */
export async function mintInvites(count: number, uses: number, note?: string): Promise<string[]> {
  const createdAt = new Date().toISOString();
  const codes = Array.from({ length: count }, () => `INV-${newUserFacingCode()}`);
  for (const code of codes) await putInvite({ code, usesLeft: uses, createdAt, ...(note && { note }) });
  return codes;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      count: { type: 'string' },
      uses: { type: 'string' },
      note: { type: 'string' },
      table: { type: 'string' },
    },
  });
  if (values.table) useTable(values.table);
  else
    await useLocalStack(
      'No --table given and no local stack found: start it with `npm start`, or pass --table',
    );
  const codes = await mintInvites(
    positive(values.count, 'count', 1),
    positive(values.uses, 'uses', 1),
    values.note,
  );
  console.log(codes.join('\n'));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
