/**
 * The secrets the synthesized templates create (AWS::SecretsManager::Secret), as CloudFormation would
 * create them: under the ARN the template resolver gives them, with the template's `SecretString`, or
 * a value generated as `GenerateSecretString` asks (length, character classes, excluded characters,
 * one of each included class, a JSON template with the generated key). Generated locally from the
 * secret's ARN, so the value is the same at every start, as a deployed secret keeps its value.
 */
import { createHmac } from 'node:crypto';
import { resourcesOfType } from '../cloudformation/assembly';
import type { TemplateResolver } from '../cloudformation/resolver';
import type { NewSecret } from './secrets-manager-store';

/** The properties of `GenerateSecretString` (the CloudFormation resource's documented defaults below). */
export interface GenerateSecretString {
  PasswordLength?: number;
  ExcludeCharacters?: string;
  ExcludeLowercase?: boolean;
  ExcludeUppercase?: boolean;
  ExcludeNumbers?: boolean;
  ExcludePunctuation?: boolean;
  IncludeSpace?: boolean;
  RequireEachIncludedType?: boolean;
  SecretStringTemplate?: string;
  GenerateStringKey?: string;
}

interface SecretProperties {
  Name?: string;
  Description?: string;
  SecretString?: string;
  GenerateSecretString?: GenerateSecretString;
}

const DEFAULT_LENGTH = 32;
const CLASSES = {
  lowercase: 'abcdefghijklmnopqrstuvwxyz',
  uppercase: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  numbers: '0123456789',
  punctuation: '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~',
  space: ' ',
};

/** The character classes a spec allows, each without the excluded characters; empty ones dropped. */
function includedClasses(spec: GenerateSecretString): string[] {
  const excluded = new Set(spec.ExcludeCharacters ?? '');
  const classes = [
    spec.ExcludeLowercase ? '' : CLASSES.lowercase,
    spec.ExcludeUppercase ? '' : CLASSES.uppercase,
    spec.ExcludeNumbers ? '' : CLASSES.numbers,
    spec.ExcludePunctuation ? '' : CLASSES.punctuation,
    spec.IncludeSpace ? CLASSES.space : '',
  ];
  return classes.map((chars) => [...chars].filter((c) => !excluded.has(c)).join('')).filter(Boolean);
}

/** A deterministic stream of bytes for a seed: HMAC-SHA256 over a counter. */
function* bytesFor(seed: string): Generator<number> {
  for (let block = 0; ; block += 1)
    yield* createHmac('sha256', 'shutterlane-local-generated-secret').update(`${seed}:${block}`).digest();
}

/** A password as GenerateSecretString describes it, the same for the same seed. */
export function generatePassword(seed: string, spec: GenerateSecretString): string {
  const length = spec.PasswordLength ?? DEFAULT_LENGTH;
  const classes = includedClasses(spec);
  if (classes.length === 0) throw new Error(`GenerateSecretString of ${seed} allows no character`);
  const alphabet = classes.join('');
  const requireEach = spec.RequireEachIncludedType ?? true;
  if (requireEach && length < classes.length)
    throw new Error(`GenerateSecretString of ${seed}: ${length} characters cannot include every type`);
  // Drawn again (deterministically) until every included class appears, when that is required.
  for (let attempt = 0; ; attempt += 1) {
    const bytes = bytesFor(`${seed}#${attempt}`);
    const password = Array.from({ length }, () => alphabet[bytes.next().value! % alphabet.length]).join('');
    if (!requireEach || classes.every((chars) => [...password].some((c) => chars.includes(c))))
      return password;
  }
}

/** The SecretString CloudFormation stores: the plain password, or the template with it at the key. */
export function generatedSecretString(seed: string, spec: GenerateSecretString): string {
  const password = generatePassword(seed, spec);
  if (spec.SecretStringTemplate === undefined || spec.GenerateStringKey === undefined) return password;
  const template = JSON.parse(spec.SecretStringTemplate) as Record<string, unknown>;
  return JSON.stringify({ ...template, [spec.GenerateStringKey]: password });
}

/** Every secret the templates create, ready for the store. */
export function templateSecrets(resolver: TemplateResolver, arnPrefix: string): NewSecret[] {
  return resourcesOfType(resolver.assembly, 'AWS::SecretsManager::Secret').map(({ stack, logicalId }) => {
    const arn = resolver.physicalName(stack, logicalId);
    const properties = resolver.resolve(stack, resolver.resource(stack, logicalId).Properties ?? {});
    const { Description, SecretString, GenerateSecretString } = properties as SecretProperties;
    // The ARN is the name, a hyphen and six characters.
    const name = arn.slice(arnPrefix.length, -7);
    return {
      arn,
      name,
      value: SecretString ?? generatedSecretString(arn, GenerateSecretString ?? {}),
      ...(Description !== undefined && { description: Description }),
    };
  });
}
