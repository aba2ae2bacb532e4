/**
 * Who signs a call to a local stand-in, and what their IAM identity policy allows.
 *
 * Each function of the synthesized templates gets its own local access key; its principal carries the
 * statements of its execution role's policies, with every CloudFormation reference already resolved to
 * local names and ARNs. The operator key (seed, tests, `npm run invite`) stands for an administrator.
 */

/** One statement of an identity-based policy, references resolved to plain strings. */
export interface PolicyStatement {
  Sid?: string;
  Effect: 'Allow' | 'Deny';
  Action?: string | string[];
  NotAction?: string | string[];
  Resource?: string | string[];
  NotResource?: string | string[];
  /**
   * Conditions are not evaluated locally; the stricter reading is taken (local/aws-standins/iam/evaluate.ts): an Allow
   * with a condition never applies, a Deny with one always applies.
   */
  Condition?: Record<string, unknown>;
}

export interface FunctionPrincipal {
  kind: 'function';
  /** The function's logical name, e.g. `public-orders`. */
  functionName: string;
  /** How AWS names the caller in AccessDenied messages: `arn:aws:sts::<account>:assumed-role/<role>/<function>`. */
  arn: string;
  statements: PolicyStatement[];
}

/**
 * An AWS service acting for this account under what resource policies grant it (the local edge reads
 * the derived bucket as CloudFront does, with the bucket policy's statements for CloudFront).
 */
export interface ServicePrincipal {
  kind: 'service';
  /** The service principal, e.g. `cloudfront.amazonaws.com`. */
  service: string;
  arn: string;
  statements: PolicyStatement[];
}

/** The local administrator: allowed everything (like a developer's own admin credentials). */
export interface OperatorPrincipal {
  kind: 'operator';
  arn: string;
}

export type Principal = FunctionPrincipal | ServicePrincipal | OperatorPrincipal;

export interface LocalIdentity {
  accessKeyId: string;
  secretAccessKey: string;
  principal: Principal;
}

/** Looks up the identity an access key id belongs to; undefined for a key AWS would not know. */
export interface IdentityStore {
  byAccessKeyId(accessKeyId: string): LocalIdentity | undefined;
}
