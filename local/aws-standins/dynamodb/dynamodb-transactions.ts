/**
 * TransactWriteItems for the local DynamoDB (dynalite 4 has none), done as DynamoDB does it: up to 100
 * Put, Update, Delete and ConditionCheck parts on distinct items, each checked as its single-item
 * operation would be; every condition judged on the items as they are, then all the writes made, or
 * none. A failed condition cancels the whole transaction (TransactionCanceledException, one reason per
 * part in request order); a part whose item another transaction or a write is working on cancels it
 * with `TransactionConflict` at once (DynamoDB does not wait either); a repeated ClientRequestToken
 * within ten minutes answers success without writing again, or IdempotentParameterMismatchException
 * when the request differs. Isolation holds because every write reaches dynalite through the proxy,
 * which asks the gate (dynamodb-item-gate.ts) first.
 */
import type { DynamoRequest } from './dynamodb-access';
import { checkKey, checkPart, conditionHolds, PART_KINDS, type PartKind } from './dynamodb-dynalite-rules';
import { ItemGate } from './dynamodb-item-gate';
import { itemId, keyNamesOf, keyOf, writeTargets } from './dynamodb-replica';
import type { DynaliteWire } from './dynamodb-wire';

type AttributeMap = Record<string, unknown>;

/** An answer to relay: its status and JSON body. */
export interface LocalAnswer {
  status: number;
  body: Record<string, unknown>;
}

interface Part {
  kind: PartKind;
  table: string;
  /** The part as sent (what is written). */
  request: AttributeMap;
  /** The part as dynalite parsed it (its condition). */
  checked: AttributeMap;
  key: AttributeMap;
  id: string;
}

interface CancellationReason {
  Code: string;
  Message?: string;
  Item?: AttributeMap;
}

const MAX_PARTS = 100;
const TOKEN_WINDOW_MS = 10 * 60_000;
const DYNAMODB_ERROR = 'com.amazonaws.dynamodb.v20120810#';
const ONGOING = 'Transaction is ongoing for the item';

/** The single-item operation that writes each kind of part. */
const WRITE_OPERATION: Partial<Record<PartKind, string>> = {
  Put: 'PutItem',
  Update: 'UpdateItem',
  Delete: 'DeleteItem',
};

const isRecord = (value: unknown): value is AttributeMap =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const validationError = (message: string): LocalAnswer => ({
  status: 400,
  body: { __type: 'com.amazon.coral.validate#ValidationException', message },
});

const dynamoError = (type: string, message: string): LocalAnswer => ({
  status: 400,
  body: { __type: `${DYNAMODB_ERROR}${type}`, message },
});

const cancelled = (reasons: CancellationReason[]): LocalAnswer => ({
  status: 400,
  body: {
    __type: `${DYNAMODB_ERROR}TransactionCanceledException`,
    Message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons
      .map((reason) => reason.Code)
      .join(', ')}]`,
    CancellationReasons: reasons,
  },
});

/** What a repeated token is compared on: the request without the token and the reporting options. */
const fingerprintOf = (request: DynamoRequest): string => {
  const {
    ClientRequestToken: _token,
    ReturnConsumedCapacity: _c,
    ReturnItemCollectionMetrics: _m,
    ...rest
  } = request;
  return JSON.stringify(rest);
};

export class LocalTransactions {
  private readonly gate = new ItemGate();
  private readonly tables = new Map<string, AttributeMap>();
  private readonly tokens = new Map<string, { fingerprint: string; at: number; done: boolean }>();

  constructor(private readonly primary: DynaliteWire) {}

  /** Forgets a table's shape after CreateTable, UpdateTable or DeleteTable. */
  tableChanged(tableName: string): void {
    this.tables.delete(tableName);
  }

  /** A single-item or batch write, refused while a transaction holds one of its items. */
  async guardWrite<A>(
    operation: string,
    request: DynamoRequest,
    send: () => Promise<A>,
  ): Promise<A | LocalAnswer> {
    const ids = await Promise.all(
      writeTargets(operation, request).map(async (target) =>
        itemId(target.table, target.key ?? keyOf(target.item ?? {}, await this.keyNames(target.table))),
      ),
    );
    const release = this.gate.enterWrite(ids);
    if (!release) return dynamoError('TransactionConflictException', ONGOING);
    try {
      return await send();
    } finally {
      release();
    }
  }

  async write(request: DynamoRequest): Promise<LocalAnswer> {
    const parts = await this.parse(request);
    if (!Array.isArray(parts)) return parts;
    const token = typeof request.ClientRequestToken === 'string' ? request.ClientRequestToken : undefined;
    if (token) {
      const repeated = this.repeatedToken(token, fingerprintOf(request));
      if (repeated) return repeated;
    }
    const answer = await this.run(parts);
    if (token) {
      // Only a transaction that wrote is remembered: a cancelled one may be sent again and run.
      if (answer.status === 200) this.tokens.set(token, { ...this.tokens.get(token)!, done: true });
      else this.tokens.delete(token);
    }
    return answer;
  }

  private repeatedToken(token: string, fingerprint: string): LocalAnswer | undefined {
    const now = Date.now();
    for (const [old, seen] of this.tokens)
      if (seen.done && now - seen.at > TOKEN_WINDOW_MS) this.tokens.delete(old);
    const seen = this.tokens.get(token);
    if (!seen) {
      this.tokens.set(token, { fingerprint, at: now, done: false });
      return undefined;
    }
    if (seen.fingerprint !== fingerprint)
      return dynamoError(
        'IdempotentParameterMismatchException',
        'Request parameters do not match the original request for this client request token',
      );
    if (!seen.done)
      return dynamoError(
        'TransactionInProgressException',
        'The transaction with the given request token is already in progress.',
      );
    return { status: 200, body: {} };
  }

  private async parse(request: DynamoRequest): Promise<Part[] | LocalAnswer> {
    const items: unknown = request.TransactItems;
    if (!Array.isArray(items))
      return validationError(
        "1 validation error detected: Value null at 'transactItems' failed to satisfy constraint: Member must not be null",
      );
    if (items.length < 1 || items.length > MAX_PARTS)
      return validationError(
        `1 validation error detected: Value at 'transactItems' failed to satisfy constraint: Member must have length ${
          items.length < 1 ? 'greater than or equal to 1' : `less than or equal to ${MAX_PARTS}`
        }`,
      );
    const parts: Part[] = [];
    for (const item of items) {
      const part = await this.parsePart(item);
      if (!('id' in part)) return part;
      parts.push(part);
    }
    if (new Set(parts.map((part) => part.id)).size !== parts.length)
      return validationError('Transaction request cannot include multiple operations on one item');
    return parts;
  }

  private async parsePart(item: unknown): Promise<Part | LocalAnswer> {
    const kinds = isRecord(item) ? PART_KINDS.filter((kind) => isRecord(item[kind])) : [];
    if (kinds.length !== 1 || !isRecord(item))
      return validationError('TransactItems can only contain one of Check, Put, Update or Delete');
    const kind = kinds[0]!;
    const request = item[kind] as AttributeMap;
    if (kind === 'ConditionCheck' && typeof request.ConditionExpression !== 'string')
      return validationError(
        "The parameter 'ConditionExpression' is required but was not present in the request",
      );
    const parsed = checkPart(kind, request);
    if ('error' in parsed) return { status: parsed.error.statusCode, body: parsed.error.body };
    const { checked } = parsed;
    const table = String(checked.TableName);
    const shape = await this.table(table);
    if (!shape) return dynamoError('ResourceNotFoundException', 'Requested resource not found');
    const keyError = checkKey(kind, checked, shape);
    if (keyError) return { status: keyError.statusCode, body: keyError.body };
    const key =
      kind === 'Put'
        ? keyOf(checked.Item as AttributeMap, keyNamesOf(shape.KeySchema))
        : (checked.Key as AttributeMap);
    return { kind, table, request, checked, key, id: itemId(table, key) };
  }

  private async run(parts: Part[]): Promise<LocalAnswer> {
    const held = this.gate.holdForTransaction(parts.map((part) => part.id));
    if (!(held instanceof Function))
      return cancelled(
        parts.map((_, index) =>
          held.conflicts.includes(index)
            ? { Code: 'TransactionConflict', Message: ONGOING }
            : { Code: 'None' },
        ),
      );
    try {
      const before = await Promise.all(parts.map((part) => this.read(part)));
      const reasons = parts.map((part, index) => this.conditionReason(part, before[index]));
      if (reasons.some((reason) => reason.Code !== 'None')) return cancelled(reasons);
      return await this.writeAll(parts, before);
    } finally {
      held();
    }
  }

  private conditionReason(part: Part, item: AttributeMap | undefined): CancellationReason {
    if (conditionHolds(part.checked, item)) return { Code: 'None' };
    const withItem = part.request.ReturnValuesOnConditionCheckFailure === 'ALL_OLD' && item;
    return {
      Code: 'ConditionalCheckFailed',
      Message: 'The conditional request failed',
      ...(withItem && { Item: item }),
    };
  }

  /** Makes the writes in order; one refused (a type mismatch, an item too large) undoes those made. */
  private async writeAll(parts: Part[], before: (AttributeMap | undefined)[]): Promise<LocalAnswer> {
    for (const [index, part] of parts.entries()) {
      const operation = WRITE_OPERATION[part.kind];
      if (!operation) continue;
      const { ReturnValuesOnConditionCheckFailure: _returned, ...single } = part.request;
      const answer = await this.primary.call(operation, single).catch(() => undefined);
      if (answer?.status === 200) continue;
      await this.restore(parts.slice(0, index), before);
      if (!answer) return dynamoError('InternalServerError', 'Internal server error');
      const { body } = answer;
      return cancelled(
        parts.map((_, at) =>
          at === index
            ? { Code: 'ValidationError', Message: String(body.message ?? body.Message ?? '') }
            : { Code: 'None' },
        ),
      );
    }
    return { status: 200, body: {} };
  }

  private async restore(written: Part[], before: (AttributeMap | undefined)[]): Promise<void> {
    for (const [index, part] of written.entries()) {
      if (!WRITE_OPERATION[part.kind]) continue;
      const item = before[index];
      await (item
        ? this.primary.call('PutItem', { TableName: part.table, Item: item })
        : this.primary.call('DeleteItem', { TableName: part.table, Key: part.key }));
    }
  }

  private async read(part: Part): Promise<AttributeMap | undefined> {
    const { status, body } = await this.primary.call('GetItem', {
      TableName: part.table,
      Key: part.key,
      ConsistentRead: true,
    });
    if (status !== 200) throw new Error(`transaction read of ${part.table}: ${JSON.stringify(body)}`);
    return isRecord(body.Item) ? body.Item : undefined;
  }

  private async table(name: string): Promise<AttributeMap | undefined> {
    const known = this.tables.get(name);
    if (known) return known;
    const { status, body } = await this.primary.call('DescribeTable', { TableName: name });
    if (status !== 200 || !isRecord(body.Table)) return undefined;
    this.tables.set(name, body.Table);
    return body.Table;
  }

  private async keyNames(name: string): Promise<string[]> {
    return keyNamesOf((await this.table(name))?.KeySchema);
  }
}
