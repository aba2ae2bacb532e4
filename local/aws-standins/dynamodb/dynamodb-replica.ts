/**
 * The lagging read replica behind eventually consistent reads. After each successful write on the
 * primary, every item the write touched is read back (consistently) at once and copied to the replica
 * `lagMs` later: a Put of the item as it was, or a Delete if it was gone. Copies of one item are
 * applied in the order of the writes, so the replica always shows the primary as it was `lagMs` ago.
 * `flush` applies every pending copy at once (on stop, so a restart starts in step).
 */
import type { DynamoRequest } from './dynamodb-access';
import { errorType, type DynaliteWire } from './dynamodb-wire';

type AttributeMap = Record<string, unknown>;

/** One item a write touched: its key, or the whole item when only that is known (Put). */
export interface WriteTarget {
  table: string;
  key?: AttributeMap;
  item?: AttributeMap;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const WRITES = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems']);

export const isItemWrite = (operation: string): boolean => WRITES.has(operation);

/** The items a successful write request touched, read from the request itself. */
export function writeTargets(operation: string, request: DynamoRequest): WriteTarget[] {
  const table = typeof request.TableName === 'string' ? request.TableName : undefined;
  if (operation === 'PutItem' && table && isRecord(request.Item)) return [{ table, item: request.Item }];
  if ((operation === 'UpdateItem' || operation === 'DeleteItem') && table && isRecord(request.Key)) {
    return [{ table, key: request.Key }];
  }
  if (operation === 'BatchWriteItem' && isRecord(request.RequestItems)) {
    return Object.entries(request.RequestItems).flatMap(([batchTable, writes]) =>
      (Array.isArray(writes) ? writes : []).flatMap((write: unknown) => batchWriteTarget(batchTable, write)),
    );
  }
  if (operation === 'TransactWriteItems' && Array.isArray(request.TransactItems)) {
    return request.TransactItems.flatMap((item: unknown) => transactWriteTarget(item));
  }
  return [];
}

function batchWriteTarget(table: string, write: unknown): WriteTarget[] {
  if (!isRecord(write)) return [];
  if (isRecord(write.PutRequest) && isRecord(write.PutRequest.Item))
    return [{ table, item: write.PutRequest.Item }];
  if (isRecord(write.DeleteRequest) && isRecord(write.DeleteRequest.Key))
    return [{ table, key: write.DeleteRequest.Key }];
  return [];
}

function transactWriteTarget(item: unknown): WriteTarget[] {
  if (!isRecord(item)) return [];
  return ['Put', 'Update', 'Delete'].flatMap((kind): WriteTarget[] => {
    const detail = item[kind];
    if (!isRecord(detail) || typeof detail.TableName !== 'string') return [];
    if (isRecord(detail.Item)) return [{ table: detail.TableName, item: detail.Item }];
    return isRecord(detail.Key) ? [{ table: detail.TableName, key: detail.Key }] : [];
  });
}

/** The key attributes of an item, by the table's key schema. */
export const keyOf = (item: AttributeMap, keyNames: readonly string[]): AttributeMap =>
  Object.fromEntries(keyNames.filter((name) => name in item).map((name) => [name, item[name]]));

/** A stable identity for one item of one table, whatever order its key attributes came in. */
export const itemId = (table: string, key: AttributeMap): string =>
  `${table}\u0000${JSON.stringify(
    Object.keys(key)
      .sort()
      .map((name) => [name, key[name]]),
  )}`;

type Snapshot = { found: true; item: AttributeMap } | { found: false } | { failed: true };

export class ReplicaCopier {
  private readonly chains = new Map<string, Promise<void>>();
  private readonly sleepers = new Set<() => void>();
  private readonly keySchemas = new Map<string, string[]>();
  private flushing = false;

  constructor(
    private readonly primary: DynaliteWire,
    private readonly replica: DynaliteWire,
    private readonly lagMs: number,
  ) {}

  /** Learns every table's key schema up front, so copies are scheduled in write order. */
  async loadKeySchemas(): Promise<void> {
    const { body } = await this.primary.call('ListTables', {});
    const listed: unknown[] = Array.isArray(body.TableNames) ? body.TableNames : [];
    const names = listed.filter((name): name is string => typeof name === 'string');
    await Promise.all(names.map((name) => this.describeKeySchema(name)));
  }

  /** Keeps the key schemas current after a successful CreateTable, UpdateTable or DeleteTable. */
  tableChanged(operation: string, tableName: string, answer: Record<string, unknown>): void {
    const description = answer.TableDescription;
    if (operation === 'DeleteTable') this.keySchemas.delete(tableName);
    else if (isRecord(description)) this.keySchemas.set(tableName, keyNamesOf(description.KeySchema));
  }

  /** Schedules the copies of everything a successful write touched. */
  async afterWrite(operation: string, request: DynamoRequest): Promise<void> {
    for (const target of writeTargets(operation, request)) {
      const key = target.key ?? keyOf(target.item ?? {}, await this.keyNames(target.table));
      this.copyLater(target.table, key);
    }
  }

  /** Applies every pending copy now, without waiting for the lag. */
  async flush(): Promise<void> {
    this.flushing = true;
    for (const wake of [...this.sleepers]) wake();
    while (this.chains.size > 0) await Promise.all(this.chains.values());
  }

  private copyLater(table: string, key: AttributeMap): void {
    const dueAt = Date.now() + this.lagMs;
    const snapshot = this.readLatest(table, key);
    const id = itemId(table, key);
    const step = (this.chains.get(id) ?? Promise.resolve())
      .then(async () => {
        const latest = await snapshot;
        await this.sleepUntil(dueAt);
        await this.apply(table, key, latest);
      })
      .catch((error: unknown) => console.error('[local DynamoDB] replica copy failed:', error));
    this.chains.set(id, step);
    void step.then(() => {
      if (this.chains.get(id) === step) this.chains.delete(id);
    });
  }

  private async readLatest(table: string, key: AttributeMap): Promise<Snapshot> {
    const { status, body } = await this.primary.call('GetItem', {
      TableName: table,
      Key: key,
      ConsistentRead: true,
    });
    if (status !== 200) return { failed: true };
    return isRecord(body.Item) ? { found: true, item: body.Item } : { found: false };
  }

  private async apply(table: string, key: AttributeMap, latest: Snapshot): Promise<void> {
    // A failed read means the table went away meanwhile: its DeleteTable reached the replica too.
    if ('failed' in latest) return;
    const { status, body } = latest.found
      ? await this.replica.call('PutItem', { TableName: table, Item: latest.item })
      : await this.replica.call('DeleteItem', { TableName: table, Key: key });
    if (status !== 200 && errorType(body) !== 'ResourceNotFoundException') {
      throw new Error(
        `replica ${latest.found ? 'PutItem' : 'DeleteItem'} on ${table}: ${JSON.stringify(body)}`,
      );
    }
  }

  private sleepUntil(dueAt: number): Promise<void> {
    const wait = dueAt - Date.now();
    if (this.flushing || wait <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, wait);
      this.sleepers.add(wake);
    });
  }

  private async keyNames(table: string): Promise<string[]> {
    return this.keySchemas.get(table) ?? (await this.describeKeySchema(table));
  }

  private async describeKeySchema(table: string): Promise<string[]> {
    const { body } = await this.primary.call('DescribeTable', { TableName: table });
    const names = isRecord(body.Table) ? keyNamesOf(body.Table.KeySchema) : [];
    this.keySchemas.set(table, names);
    return names;
  }
}

export function keyNamesOf(keySchema: unknown): string[] {
  if (!Array.isArray(keySchema)) return [];
  return keySchema.flatMap((element: unknown) =>
    isRecord(element) && typeof element.AttributeName === 'string' ? [element.AttributeName] : [],
  );
}
