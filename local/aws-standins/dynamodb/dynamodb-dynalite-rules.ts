/**
 * dynalite's own request checks and condition evaluation, reused for the single-item parts of a
 * transaction (dynamodb-transactions.ts): each Put, Update, Delete or ConditionCheck is checked as its
 * single-item operation would be, and its condition judged exactly as dynalite judges a conditional
 * write, so a transaction accepts and refuses what the operations themselves do.
 */
import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);

type AttributeMap = Record<string, unknown>;

/** A dynalite error: the HTTP status and the JSON body AWS sends. */
export interface DynaliteError {
  statusCode: number;
  body: Record<string, unknown>;
}

interface OperationRules {
  types: object;
  custom: (data: AttributeMap, store: object) => string | undefined;
}

interface Validations {
  checkTypes(data: AttributeMap, types: object): AttributeMap;
  checkValidations(data: AttributeMap, types: object, custom: OperationRules['custom'], store: object): void;
}

interface Db {
  checkConditional(data: AttributeMap, item: AttributeMap | undefined): DynaliteError | null | undefined;
  validateKey(key: AttributeMap, table: object): DynaliteError | null | undefined;
  validateItem(item: AttributeMap, table: object): DynaliteError | null | undefined;
  MAX_SIZE: number;
}

const validations = load('dynalite/validations') as Validations;
const db = load('dynalite/db') as Db;

/** The single-item operation each transaction part is checked as (a ConditionCheck as a DeleteItem). */
const RULES = {
  Put: load('dynalite/validations/putItem') as OperationRules,
  Update: load('dynalite/validations/updateItem') as OperationRules,
  Delete: load('dynalite/validations/deleteItem') as OperationRules,
  ConditionCheck: load('dynalite/validations/deleteItem') as OperationRules,
};

export type PartKind = keyof typeof RULES;
export const PART_KINDS = Object.keys(RULES) as PartKind[];

// dynalite's checks read the item size limit from its store's options (AWS: 400 KB).
const STORE = { options: { maxItemSize: db.MAX_SIZE } };

export const isDynaliteError = (error: unknown): error is DynaliteError =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as DynaliteError).statusCode === 'number' &&
  typeof (error as DynaliteError).body === 'object';

/**
 * The part checked as its operation, with its expressions parsed (dynalite's `_condition`), or the
 * error that operation would answer. The request is copied: dynalite's checks drop unknown fields.
 */
export function checkPart(
  kind: PartKind,
  part: AttributeMap,
): { checked: AttributeMap } | { error: DynaliteError } {
  const rules = RULES[kind];
  try {
    const checked = validations.checkTypes(structuredClone(part), rules.types);
    validations.checkValidations(checked, rules.types, rules.custom, STORE);
    return { checked };
  } catch (error) {
    if (isDynaliteError(error)) return { error };
    throw error;
  }
}

/** The key (or, for a Put, the whole item) checked against the table's key schema. */
export const checkKey = (kind: PartKind, data: AttributeMap, table: object): DynaliteError | undefined =>
  (kind === 'Put'
    ? db.validateItem(data.Item as AttributeMap, table)
    : db.validateKey(data.Key as AttributeMap, table)) ?? undefined;

/** Whether the part's condition (if any) holds on the item as it is now (absent: undefined). */
export const conditionHolds = (data: AttributeMap, item: AttributeMap | undefined): boolean =>
  !db.checkConditional(data, item);
