/**
 * The secrets the local Secrets Manager holds, found as Secrets Manager finds them. A secret's ARN is
 * `arn:aws:secretsmanager:<region>:<account>:secret:<name>-<6 characters>`: random for a secret an
 * operator creates (as CreateSecret makes it), the template's resolved ARN for one a template creates.
 * A SecretId is a name, a complete ARN, or a partial ARN (the ARN without the six characters).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { LocalAccount } from '../cloudformation/physical-names';

export interface StoredSecret {
  arn: string;
  name: string;
  value: string;
  /** The one version every secret here has, labelled AWSCURRENT. */
  versionId: string;
  createdDate: Date;
  description?: string;
}

export interface NewSecret {
  name: string;
  value: string;
  description?: string;
  /** A template's secret: the ARN its resolver gives it. Absent: a new random suffix, as CreateSecret. */
  arn?: string;
}

const SUFFIX_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Six letters and digits, as Secrets Manager appends to a name. */
const randomSuffix = (): string =>
  Array.from(randomBytes(6), (byte) => SUFFIX_ALPHABET[byte % SUFFIX_ALPHABET.length]).join('');

export class SecretStore {
  private readonly byArn = new Map<string, StoredSecret>();
  private readonly byName = new Map<string, StoredSecret>();

  constructor(private readonly account: LocalAccount) {}

  /** `arn:aws:secretsmanager:<region>:<account>:secret:`, what every ARN of this account starts with. */
  get arnPrefix(): string {
    return `arn:aws:secretsmanager:${this.account.region}:${this.account.accountId}:secret:`;
  }

  add(secret: NewSecret): StoredSecret {
    if (this.byName.has(secret.name)) throw new Error(`A local secret named ${secret.name} exists already`);
    const arn = secret.arn ?? `${this.arnPrefix}${secret.name}-${randomSuffix()}`;
    if (
      !arn.startsWith(`${this.arnPrefix}${secret.name}-`) ||
      arn.length !== this.arnPrefix.length + secret.name.length + 7
    )
      throw new Error(`${arn} is not the ARN of a secret named ${secret.name} in the local account`);
    const stored: StoredSecret = {
      arn,
      name: secret.name,
      value: secret.value,
      versionId: randomUUID(),
      createdDate: new Date(),
      ...(secret.description !== undefined && { description: secret.description }),
    };
    this.byArn.set(arn, stored);
    this.byName.set(secret.name, stored);
    return stored;
  }

  /**
   * The secret a SecretId names: a complete ARN first (a name may itself end in a hyphen and six
   * characters), then a partial ARN's name, or a plain name. ARNs of another region or account name
   * nothing here.
   */
  find(secretId: string): StoredSecret | undefined {
    if (!secretId.startsWith('arn:')) return this.byName.get(secretId);
    if (!secretId.startsWith(this.arnPrefix)) return undefined;
    return this.byArn.get(secretId) ?? this.byName.get(secretId.slice(this.arnPrefix.length));
  }

  /**
   * The resource IAM authorizes a call on: the secret's own ARN when it exists, else the ARN the
   * SecretId stands for (a name as the ARN without suffix), so a grant on `name-??????` does not
   * cover a secret that does not exist, and the caller learns nothing it may not read.
   */
  resourceArn(secretId: string): string {
    return (
      this.find(secretId)?.arn ?? (secretId.startsWith('arn:') ? secretId : `${this.arnPrefix}${secretId}`)
    );
  }

  /** The value of the secret a SecretId names (the template resolver's dynamic references). */
  valueOf(secretId: string): string | undefined {
    return this.find(secretId)?.value;
  }
}
