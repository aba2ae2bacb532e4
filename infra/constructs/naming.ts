/** `public-orders` → `PublicOrders`: construct ids derived from the route-group and table names. */
export function pascalCase(name: string): string {
  return name.replace(/(?:^|-)(\w)/g, (_, c: string) => c.toUpperCase());
}

/** Builds a record with one entry per key, keeping the key type (Object.fromEntries loses it). */
export function recordOf<K extends string, V>(keys: readonly K[], value: (key: K) => V): Record<K, V> {
  const record = {} as Record<K, V>;
  for (const key of keys) record[key] = value(key);
  return record;
}
