/**
 * A few small key-value stores kept on the device in one IndexedDB database: the seller's upload queue
 * (files waiting to be uploaded, stored as the File objects themselves), the folders watched for
 * auto-import and the files already taken from them. Callers see only `KeyValueStore`, so tests hand
 * them `memoryStore()` and the browser code stays out of jsdom.
 */

export interface KeyValueStore<T> {
  get(key: string): Promise<T | undefined>;
  /** Every value whose key starts with `prefix` (keys are `${scope}\n${id}`, see `scopedKey`). */
  list(prefix: string): Promise<T[]>;
  put(key: string, value: T): Promise<void>;
  delete(key: string): Promise<void>;
}

/** A key within a scope (a gallery), so that `list(scopePrefix(scope))` finds the scope's values. */
export const scopedKey = (scope: string, id: string) => `${scopePrefix(scope)}${id}`;
export const scopePrefix = (scope: string) => `${scope}\n`;

/** The test double, and the fallback where IndexedDB cannot be opened (some private windows). */
export function memoryStore<T>(): KeyValueStore<T> {
  const values = new Map<string, T>();
  return {
    get: async (key) => values.get(key),
    list: async (prefix) => [...values].filter(([key]) => key.startsWith(prefix)).map(([, value]) => value),
    put: async (key, value) => void values.set(key, value),
    delete: async (key) => void values.delete(key),
  };
}

const DATABASE = 'shutterlane-seller';
/** Bump with a new store name below; onupgradeneeded creates what is missing. */
const VERSION = 1;
export const STORE_NAMES = ['uploads', 'folders', 'imported'] as const;
export type StoreName = (typeof STORE_NAMES)[number];

let opening: Promise<IDBDatabase> | null = null;

function openDatabase(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DATABASE, VERSION);
    request.onupgradeneeded = () => {
      for (const name of STORE_NAMES)
        if (!request.result.objectStoreNames.contains(name)) request.result.createObjectStore(name);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

const done = <R>(request: IDBRequest<R>) =>
  new Promise<R>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

/** One of the device's stores in IndexedDB; where it cannot be opened, values live in memory. */
export function deviceStore<T>(name: StoreName): KeyValueStore<T> {
  const fallback = memoryStore<T>();
  const run = async <R>(
    mode: IDBTransactionMode,
    request: (store: IDBObjectStore) => IDBRequest<R>,
    inMemory: (store: KeyValueStore<T>) => Promise<R>,
  ): Promise<R> => {
    let database: IDBDatabase;
    try {
      if (typeof indexedDB === 'undefined') return inMemory(fallback);
      database = await openDatabase();
    } catch {
      return inMemory(fallback);
    }
    return done(request(database.transaction(name, mode).objectStore(name)));
  };
  // Keys sort as strings, so a prefix's keys are the range [prefix, prefix + '\uffff').
  const range = (prefix: string) => IDBKeyRange.bound(prefix, `${prefix}\uffff`);
  return {
    get: (key) =>
      run(
        'readonly',
        (s) => s.get(key) as IDBRequest<T | undefined>,
        (m) => m.get(key),
      ),
    list: (prefix) =>
      run(
        'readonly',
        (s) => s.getAll(range(prefix)) as IDBRequest<T[]>,
        (m) => m.list(prefix),
      ),
    put: async (key, value) => {
      await run(
        'readwrite',
        (s) => s.put(value, key),
        (m) => m.put(key, value).then(() => key),
      );
    },
    delete: async (key) => {
      await run(
        'readwrite',
        (s) => s.delete(key),
        (m) => m.delete(key).then(() => undefined),
      );
    },
  };
}
