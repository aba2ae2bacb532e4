/**
 * Parses Stripe's form encoding (what the `stripe` SDK sends): nested hashes as `a[b][c]=v` and
 * arrays as `a[0][b]=v` (also `a[]=v`). Objects are created without a prototype so keys such as
 * `__proto__` stay plain data.
 */
import { invalidRequest } from './errors';

export type FormValue = string | FormValue[] | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

type Tree = Map<string, Node>;
type Node = string | Tree;

/** `a[b][0]` → ['a', 'b', '0']; `a[]` → ['a', ''] (append). */
export const splitKey = (key: string): string[] => {
  const open = key.indexOf('[');
  if (open <= 0 || !key.endsWith(']')) return [key];
  const inner = key.slice(open + 1, -1).split('][');
  return [key.slice(0, open), ...inner];
};

const conflict = (key: string) =>
  invalidRequest(`Invalid value for ${key}: a parameter is given twice in different forms.`, key);

const insert = (tree: Tree, segments: string[], value: string, fullKey: string): void => {
  const [head, ...rest] = segments;
  if (head === undefined) return;
  const slot = head === '' ? String(tree.size) : head;
  if (rest.length === 0) {
    if (tree.has(slot)) throw conflict(fullKey);
    tree.set(slot, value);
    return;
  }
  const existing = tree.get(slot);
  if (typeof existing === 'string') throw conflict(fullKey);
  const child: Tree = existing ?? new Map();
  tree.set(slot, child);
  insert(child, rest, value, fullKey);
};

const isIndex = (key: string) => /^(0|[1-9]\d{0,3})$/.test(key);

/** A hash whose keys are all indexes becomes an array, ordered by index (holes closed up). */
const toValue = (node: Node): FormValue => {
  if (typeof node === 'string') return node;
  const keys = [...node.keys()];
  if (keys.length > 0 && keys.every(isIndex)) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((index) => toValue(node.get(String(index)) as Node));
  }
  const object: FormObject = Object.create(null) as FormObject;
  for (const [key, child] of node) object[key] = toValue(child);
  return object;
};

export const parseFormBody = (body: string): FormObject => {
  const tree: Tree = new Map();
  for (const [key, value] of new URLSearchParams(body)) {
    insert(tree, splitKey(key), value, key);
  }
  return toValue(tree) as FormObject;
};
