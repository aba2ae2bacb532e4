/**
 * Local credentials: one access key per function (standing for its execution role's session), so
 * the stand-ins know who signed a call and check that function's policy, and the operator key that
 * seeds data and runs tests (an administrator). Keys are derived, not stored: valid only locally.
 */
import { createHmac } from 'node:crypto';
import type { IdentityStore, LocalIdentity, PolicyStatement } from '@shutterlane/aws-standins/iam/types';
import type { LocalFunctionDef } from './definitions';

const KEY_ROOT = 'shutterlane-local-credentials';
const derive = (purpose: string) => createHmac('sha256', KEY_ROOT).update(purpose).digest();

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** `ASIA` + 16 characters, like the temporary keys Lambda gives a role session. */
function accessKeyId(principalArn: string): string {
  const bytes = derive(`key:${principalArn}`);
  return `ASIA${Array.from(bytes.subarray(0, 16), (byte) => BASE32[byte % 32]).join('')}`;
}

export function functionIdentity(definition: LocalFunctionDef, accountId: string): LocalIdentity {
  return {
    accessKeyId: accessKeyId(definition.arn),
    secretAccessKey: derive(`secret:${definition.arn}`).toString('base64url'),
    principal: {
      kind: 'function',
      functionName: definition.name,
      arn: `arn:aws:sts::${accountId}:assumed-role/${definition.role.name}/${definition.functionName}`,
      statements: definition.role.statements,
    },
  };
}

/**
 * A service acting for the account (CloudFront reading a bucket through origin access control), with the
 * statements the resource policies grant it.
 */
export function serviceIdentity(service: string, arn: string, statements: PolicyStatement[]): LocalIdentity {
  return {
    accessKeyId: accessKeyId(arn),
    secretAccessKey: derive(`secret:${arn}`).toString('base64url'),
    principal: { kind: 'service', service, arn, statements },
  };
}

/** The identities the stand-ins accept: every function's, and the operator's. */
export function identityStore(identities: LocalIdentity[]): IdentityStore {
  const byKey = new Map(identities.map((identity) => [identity.accessKeyId, identity]));
  return { byAccessKeyId: (key) => byKey.get(key) };
}
