/**
 * Local DynamoDB: dynalite (the DynamoDB HTTP API over LevelDB) with every table created through the
 * real SDK, so functions talk to it exactly as to AWS.
 *
 * A proxy on the public port (dynamodb-proxy.ts) answers TransactWriteItems, which dynalite lacks
 * (dynamodb-transactions.ts), and is as strict as AWS when asked: with `identities`, it checks each
 * caller's SigV4 signature and IAM policy; with a read lag (on by default), reads that are not strongly
 * consistent are answered from a replica that lags the writes (dynamodb-replica.ts), persisted beside
 * the primary.
 *
 * Not available locally (dynalite 4): TransactGetItems and UpdateTimeToLive. TTL is skipped here;
 * readers filter expired items anyway.
 */
import http from 'node:http';
import { mkdir } from 'node:fs/promises';
import type { Server } from 'node:http';
import {
  DynamoDBClient,
  type CreateTableCommandInput,
  type DynamoDBClientConfig,
} from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import type { TableName } from '../../../shared/platform/storage-layout';
import type { IdentityStore } from '../iam/types';
import { LOCAL_AWS, LOCAL_HOST } from '../local-account';
import { closeServer, listenOn } from '../http/ports';
import { createDynamoProxy } from './dynamodb-proxy';
import { ReplicaCopier } from './dynamodb-replica';
import {
  leaveCleanStopMarker,
  rebuildReplica,
  replicaPaths,
  takeCleanStopMarker,
} from './dynamodb-replica-sync';
import {
  createMissingTables,
  physicalTableNames,
  storageLayoutTables,
  waitUntilActive,
} from './dynamodb-tables';
import { LocalTransactions } from './dynamodb-transactions';
import { DynaliteWire } from './dynamodb-wire';

export interface StartDynamoOptions {
  /** 0 picks a free port. */
  port: number;
  /** LevelDB directory (kept across restarts); in-memory when absent. The replica lives in `<dataDir>-replica/`. */
  dataDir?: string;
  /** Physical table name = prefix + logical name (the storage layout's tables, and `tableNames`). */
  tablePrefix: string;
  /** Check every caller's signature and IAM policy; without it any well-formed signature is accepted. */
  identities?: IdentityStore;
  /** Full table definitions (e.g. from the template); when given, created instead of the prefix-based ones. */
  tables?: CreateTableCommandInput[];
  /**
   * How far eventually consistent reads lag the writes, in ms: GSI queries always, table reads without
   * `ConsistentRead: true`. Default: `DYNAMO_READ_LAG_MS`, else 200; 0 turns the lag off.
   */
  readLagMs?: number;
}

export interface LocalDynamo {
  url: string;
  port: number;
  tableNames: Record<TableName, string>;
  /** Stops listening, applies the replica's pending copies, then closes the stores. */
  stop(): Promise<void>;
}

export const DEFAULT_READ_LAG_MS = 200;

/** SDK client configuration for the local stand-in (local-only credentials). */
export function localDynamoClientConfig(url: string): DynamoDBClientConfig {
  return {
    endpoint: url,
    region: LOCAL_AWS.region,
    credentials: { accessKeyId: LOCAL_AWS.accessKeyId, secretAccessKey: LOCAL_AWS.secretAccessKey },
  };
}

/** The read lag from `DYNAMO_READ_LAG_MS`, else the default; a value that is no whole number of ms fails loudly. */
export function readLagFromEnvironment(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.DYNAMO_READ_LAG_MS;
  if (raw === undefined || raw === '') return DEFAULT_READ_LAG_MS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(
      `DYNAMO_READ_LAG_MS must be a whole number of milliseconds (0 turns the lag off), got "${raw}"`,
    );
  }
  return value;
}

/** Starts the local DynamoDB and makes sure every table exists and is ACTIVE. */
export async function startDynamo(opts: StartDynamoOptions): Promise<LocalDynamo> {
  const lagMs = opts.readLagMs ?? readLagFromEnvironment();
  const tables = opts.tables ?? storageLayoutTables(opts.tablePrefix);
  const tableNames = physicalTableNames(opts.tablePrefix);
  if (opts.dataDir !== undefined) await mkdir(opts.dataDir, { recursive: true });
  const stand = await startBehindProxy(opts, tables, lagMs);
  return { url: `http://${LOCAL_HOST}:${stand.port}`, port: stand.port, tableNames, stop: stand.stop };
}

interface Started {
  port: number;
  stop(): Promise<void>;
}

// Tables become ACTIVE at once: nothing here models AWS's creation delay. Only the proxy and the replica
// copier talk to a dynalite, over one keep-alive agent: the server never drops an idle connection, so
// a request is never sent on a socket the server is closing at that moment ("socket hang up").
function newDynalite(directory: string | undefined): Server {
  const server = dynalite({ path: directory, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  server.keepAliveTimeout = 0;
  return server;
}

/** The SDK talks to the loopback address: LOCAL_HOST is for other machines and browsers. */
const loopbackClient = (port: number) =>
  new DynamoDBClient(localDynamoClientConfig(`http://127.0.0.1:${port}`));

async function ensureTables(port: number, tables: readonly CreateTableCommandInput[]): Promise<void> {
  const client = loopbackClient(port);
  try {
    await createMissingTables(client, tables);
    await waitUntilActive(
      client,
      tables.map((table) => table.TableName ?? ''),
    );
  } finally {
    client.destroy();
  }
}

async function startBehindProxy(
  opts: StartDynamoOptions,
  tables: readonly CreateTableCommandInput[],
  lagMs: number,
): Promise<Started> {
  const agent = new http.Agent({ keepAlive: true });
  const stores: Server[] = [];
  const closeAll = async () => {
    agent.destroy();
    await Promise.all(stores.map((store) => closeServer(store)));
  };
  try {
    const primaryServer = newDynalite(opts.dataDir);
    stores.push(primaryServer);
    const primary = new DynaliteWire(
      await listenOn(primaryServer, 0, 'DynamoDB', 'DYNAMO_PORT', '127.0.0.1'),
      agent,
    );
    await ensureTables(primary.port, tables);
    const replica =
      lagMs > 0 ? await startReplica(opts.dataDir, tables, primary, lagMs, agent, stores) : undefined;
    const transactions = new LocalTransactions(primary);
    const proxy = createDynamoProxy({ primary, transactions, replica, identities: opts.identities });
    const port = await listenOn(proxy, opts.port, 'DynamoDB', 'DYNAMO_PORT');
    return { port, stop: () => stopBehindProxy(proxy, replica, closeAll, opts.dataDir) };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

async function startReplica(
  dataDir: string | undefined,
  tables: readonly CreateTableCommandInput[],
  primary: DynaliteWire,
  lagMs: number,
  agent: http.Agent,
  stores: Server[],
): Promise<{ wire: DynaliteWire; copier: ReplicaCopier }> {
  const paths = dataDir === undefined ? undefined : replicaPaths(dataDir);
  if (paths) await mkdir(paths.database, { recursive: true });
  // An in-memory replica starts as empty as its in-memory primary; a persisted one must prove it is in step.
  const inStep = paths === undefined || (await takeCleanStopMarker(paths.cleanStopMarker));
  const server = newDynalite(paths?.database);
  stores.push(server);
  const wire = new DynaliteWire(
    await listenOn(server, 0, 'DynamoDB replica', 'DYNAMO_PORT', '127.0.0.1'),
    agent,
  );
  if (inStep) await ensureTables(wire.port, tables);
  else await rebuildFrom(primary.port, wire.port);
  const copier = new ReplicaCopier(primary, wire, lagMs);
  await copier.loadKeySchemas();
  return { wire, copier };
}

async function rebuildFrom(primaryPort: number, replicaPort: number): Promise<void> {
  const [primary, replica] = [loopbackClient(primaryPort), loopbackClient(replicaPort)];
  try {
    await rebuildReplica(primary, replica);
  } finally {
    primary.destroy();
    replica.destroy();
  }
}

async function stopBehindProxy(
  proxy: Server,
  replica: { copier: ReplicaCopier } | undefined,
  closeStores: () => Promise<void>,
  dataDir: string | undefined,
): Promise<void> {
  await closeServer(proxy);
  await replica?.copier.flush();
  await closeStores();
  if (replica && dataDir !== undefined) await leaveCleanStopMarker(replicaPaths(dataDir).cleanStopMarker);
}
