/**
 * Reads typed values out of a parsed form body and fails the way Stripe does: the error names the
 * full parameter path (`line_items[0][quantity]`). Every key read (or explicitly ignored) is
 * remembered, so `assertNoUnknown` can reject the rest with "Received unknown parameter".
 */
import { invalidRequest, missingParam, unknownParam } from './errors';
import type { FormObject, FormValue } from './form-body';

const isObject = (value: FormValue | undefined): value is FormObject =>
  value !== undefined && typeof value === 'object' && !Array.isArray(value);

const oneOf = (values: readonly string[]) =>
  values.length < 2 ? values.join('') : `${values.slice(0, -1).join(', ')}, or ${values.at(-1)}`;

export class Params {
  private readonly used = new Set<string>();
  private readonly children: Params[] = [];

  constructor(
    private readonly value: FormObject,
    private readonly path = '',
  ) {}

  name(key: string): string {
    return this.path === '' ? key : `${this.path}[${key}]`;
  }

  /** The keys given at this level (for hashes keyed by name, like `capabilities`). */
  keys(): string[] {
    return Object.keys(this.value);
  }

  has(key: string): boolean {
    const raw = this.value[key];
    return raw !== undefined && raw !== '';
  }

  /** Accepted for compatibility with real calls, not modelled by the emulator. */
  ignore(...keys: string[]): void {
    for (const key of keys) this.used.add(key);
  }

  private read(key: string): FormValue | undefined {
    this.used.add(key);
    const raw = this.value[key];
    // Stripe treats an empty string as "not given" (it is how the SDK unsets a field).
    return raw === '' ? undefined : raw;
  }

  optionalString(key: string): string | undefined {
    const raw = this.read(key);
    if (raw === undefined) return undefined;
    if (typeof raw !== 'string') throw invalidRequest(`Invalid string: ${this.name(key)}`, this.name(key));
    return raw;
  }

  string(key: string): string {
    const value = this.optionalString(key);
    if (value === undefined) throw missingParam(this.name(key));
    return value;
  }

  optionalInteger(key: string, min = Number.MIN_SAFE_INTEGER): number | undefined {
    const raw = this.optionalString(key);
    if (raw === undefined) return undefined;
    if (!/^-?\d+$/.test(raw) || !Number.isSafeInteger(Number(raw))) {
      throw invalidRequest(`Invalid integer: ${raw}`, this.name(key), 'parameter_invalid_integer');
    }
    const value = Number(raw);
    if (value < min) {
      throw invalidRequest(
        `This value must be greater than or equal to ${min}.`,
        this.name(key),
        'parameter_invalid_integer',
      );
    }
    return value;
  }

  integer(key: string, min?: number): number {
    const value = this.optionalInteger(key, min);
    if (value === undefined) throw missingParam(this.name(key));
    return value;
  }

  optionalBoolean(key: string): boolean | undefined {
    const raw = this.optionalString(key);
    if (raw === undefined) return undefined;
    if (raw !== 'true' && raw !== 'false') throw invalidRequest(`Invalid boolean: ${raw}`, this.name(key));
    return raw === 'true';
  }

  optionalEnum<T extends string>(key: string, values: readonly T[]): T | undefined {
    const raw = this.optionalString(key);
    if (raw === undefined) return undefined;
    if (!values.includes(raw as T)) {
      throw invalidRequest(`Invalid ${this.name(key)}: must be one of ${oneOf(values)}`, this.name(key));
    }
    return raw as T;
  }

  enumOf<T extends string>(key: string, values: readonly T[]): T {
    const value = this.optionalEnum(key, values);
    if (value === undefined) throw missingParam(this.name(key));
    return value;
  }

  private child(value: FormObject, path: string): Params {
    const child = new Params(value, path);
    this.children.push(child);
    return child;
  }

  optionalObject(key: string): Params | undefined {
    const raw = this.read(key);
    if (raw === undefined) return undefined;
    if (!isObject(raw)) throw invalidRequest(`Invalid object`, this.name(key));
    return this.child(raw, this.name(key));
  }

  object(key: string): Params {
    const value = this.optionalObject(key);
    if (value === undefined) throw missingParam(this.name(key));
    return value;
  }

  /** An array of hashes, e.g. `line_items[0][quantity]`. */
  objectArray(key: string): Params[] {
    const raw = this.read(key);
    if (raw === undefined) return [];
    if (!Array.isArray(raw)) throw invalidRequest(`Invalid array`, this.name(key));
    return raw.map((item, index) => {
      const path = `${this.name(key)}[${index}]`;
      if (!isObject(item)) throw invalidRequest(`Invalid object`, path);
      return this.child(item, path);
    });
  }

  /** An array of strings, e.g. `expand[0]=payment_intent`. */
  stringArray(key: string): string[] {
    const raw = this.read(key);
    if (raw === undefined) return [];
    if (!Array.isArray(raw) || !raw.every((item) => typeof item === 'string')) {
      throw invalidRequest(`Invalid array`, this.name(key));
    }
    return raw as string[];
  }

  /** An array of strings each of which must pass `check` (named `key[index]` in errors), e.g. enum values. */
  checkedStringArray(key: string, check: (value: string, param: string) => void): string[] {
    const values = this.stringArray(key);
    values.forEach((value, index) => check(value, `${this.name(key)}[${index}]`));
    return values;
  }

  /** An array of enum values, e.g. `allowed_updates[]=email`. */
  enumArray<T extends string>(key: string, values: readonly T[]): T[] {
    return this.checkedStringArray(key, (value, param) => {
      if (!values.includes(value as T))
        throw invalidRequest(`Invalid ${param}: must be one of ${oneOf(values)}`, param);
    }) as T[];
  }

  /** Stripe's metadata rules: at most 50 keys, keys up to 40 characters, values up to 500. */
  metadata(key = 'metadata'): Record<string, string> {
    return this.updatedMetadata({}, key);
  }

  /**
   * Metadata as an update changes it, the way Stripe does: given keys are set, a key given an empty
   * value is removed, and `metadata=` (empty) removes them all. Absent: `current` unchanged.
   */
  updatedMetadata(current: Record<string, string>, key = 'metadata'): Record<string, string> {
    this.used.add(key);
    const raw = this.value[key];
    if (raw === undefined) return current;
    if (raw === '') return {};
    if (!isObject(raw)) throw invalidRequest('Invalid object', this.name(key));
    const metadata = { ...current };
    for (const [name, value] of Object.entries(raw)) {
      const param = `${this.name(key)}[${name}]`;
      if (typeof value !== 'string') throw invalidRequest('Invalid string', param);
      if (name.length > 40) throw invalidRequest('Metadata keys can have up to 40 characters.', param);
      if (value.length > 500) throw invalidRequest('Metadata values can have up to 500 characters.', param);
      if (value === '') delete metadata[name];
      else metadata[name] = value;
    }
    if (Object.keys(metadata).length > 50) {
      throw invalidRequest('You can have at most 50 metadata keys.', this.name(key));
    }
    return metadata;
  }

  assertNoUnknown(): void {
    for (const key of Object.keys(this.value)) {
      if (!this.used.has(key)) throw unknownParam(this.name(key));
    }
    for (const child of this.children) child.assertNoUnknown();
  }
}
