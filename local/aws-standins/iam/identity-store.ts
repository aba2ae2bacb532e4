/**
 * The simplest IdentityStore: a fixed list of identities held in memory, looked up by access key id.
 * The local stack builds one from the synthesized templates; tests build one by hand.
 */
import { LOCAL_ACCOUNT_ID } from './arn';
import type { FunctionPrincipal, IdentityStore, LocalIdentity, PolicyStatement } from './types';

export function staticIdentityStore(identities: readonly LocalIdentity[]): IdentityStore {
  const byKey = new Map<string, LocalIdentity>();
  for (const identity of identities) {
    if (byKey.has(identity.accessKeyId)) {
      throw new Error(`Two local identities share the access key id ${identity.accessKeyId}`);
    }
    byKey.set(identity.accessKeyId, identity);
  }
  return { byAccessKeyId: (accessKeyId) => byKey.get(accessKeyId) };
}

/** A function's principal as AWS names a Lambda's assumed execution role in AccessDenied messages. */
export function functionPrincipal(
  functionName: string,
  roleName: string,
  statements: PolicyStatement[],
): FunctionPrincipal {
  return {
    kind: 'function',
    functionName,
    arn: `arn:aws:sts::${LOCAL_ACCOUNT_ID}:assumed-role/${roleName}/${functionName}`,
    statements,
  };
}
