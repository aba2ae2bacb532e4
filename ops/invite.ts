/**
 * Mints invitation codes into the local stack's DynamoDB (or any DynamoDB the environment points
 * at): `npm run invite -- --count 3 --uses 1 --note "spring photographers"`. Prints one code a line.
 * Locally start the stack first (`npm start`); DYNAMODB_ENDPOINT defaults to its dynalite.
 */
import { parseArgs } from 'node:util';
import { newUserFacingCode } from '../functions/lib/ids';
import { putInvite } from '../functions/lib/repositories/invites';
import { LOCAL_AWS, LOCAL_TABLE_PREFIX, localPorts } from './config';
import { TABLES } from '../functions/lib/storage-layout';

function localDefaults(): void {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  process.env.AWS_REGION ??= LOCAL_AWS.region;
  process.env.AWS_ACCESS_KEY_ID ??= LOCAL_AWS.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY ??= LOCAL_AWS.secretAccessKey;
  process.env.DYNAMODB_ENDPOINT ??= `http://localhost:${localPorts().dynamo}`;
  for (const [name, def] of Object.entries(TABLES))
    process.env[def.envVar] ??= `${LOCAL_TABLE_PREFIX}${name}`;
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
    options: { count: { type: 'string' }, uses: { type: 'string' }, note: { type: 'string' } },
  });
  localDefaults();
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
