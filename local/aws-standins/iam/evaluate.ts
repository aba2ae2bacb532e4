/**
 * Identity-based policy evaluation as IAM does it within one account, for the local stand-ins:
 * an explicit Deny wins, then any Allow, else the request is implicitly denied.
 *
 * What is evaluated: `Action` / `NotAction` and `Resource` / `NotResource` (a string or a list), with
 * the wildcards `*` (any run of characters) and `?` (one character); actions match case-insensitively,
 * resources case-sensitively. In a resource ARN a wildcard stays inside its colon-delimited segment,
 * except a `*` that ends a segment, which may run on past colons (IAM's documented rule); `*` always
 * crosses `/`.
 *
 * What is not: `Condition` blocks (no request context exists locally). Always the stricter reading, so
 * a local run never allows what AWS might refuse: an Allow with a condition never applies, a Deny with
 * one always applies. Policy variables (`${aws:username}`) are matched literally. Permission boundaries,
 * session policies, SCPs and resource-based policies (bucket policies) are not evaluated.
 */
import type { PolicyStatement, Principal } from './types';

export type Decision = 'allow' | 'explicitDeny' | 'implicitDeny';

const asList = (value: string | string[] | undefined): string[] | undefined =>
  value === undefined ? undefined : Array.isArray(value) ? value : [value];

const escapeRegExp = (text: string): string => text.replace(/[.+^${}()|[\]\\]/g, '\\$&');

const compiled = new Map<string, RegExp>();

/** `s3:Get*` -> /^s3:Get.*$/i: wildcards anywhere, case-insensitive. */
function actionPattern(pattern: string): RegExp {
  const cacheKey = `action:${pattern}`;
  let regex = compiled.get(cacheKey);
  if (!regex) {
    const source = escapeRegExp(pattern).replace(/\*/g, '.*').replace(/\?/g, '.');
    regex = new RegExp(`^${source}$`, 'i');
    compiled.set(cacheKey, regex);
  }
  return regex;
}

/** ARN wildcards: `?` and an inner `*` stay within a colon-delimited segment; a segment-final `*` does not. */
function resourcePattern(pattern: string): RegExp {
  const cacheKey = `resource:${pattern}`;
  let regex = compiled.get(cacheKey);
  if (!regex) {
    const source = pattern
      .split(':')
      .map((segment) =>
        escapeRegExp(segment)
          .replace(/\*(?!$)/g, '[^:]*')
          .replace(/\*$/, '.*')
          .replace(/\?/g, '[^:]'),
      )
      .join(':');
    regex = new RegExp(`^${source}$`);
    compiled.set(cacheKey, regex);
  }
  return regex;
}

export const actionMatches = (pattern: string, action: string): boolean =>
  pattern === '*' || actionPattern(pattern).test(action);

export const resourceMatches = (pattern: string, resource: string): boolean =>
  pattern === '*' || resourcePattern(pattern).test(resource);

/** Whether the statement's Action/NotAction covers `action`; a statement with neither is invalid and covers nothing. */
function coversAction(statement: PolicyStatement, action: string): boolean {
  const actions = asList(statement.Action);
  if (actions) return actions.some((pattern) => actionMatches(pattern, action));
  const notActions = asList(statement.NotAction);
  if (notActions) return !notActions.some((pattern) => actionMatches(pattern, action));
  return false;
}

function coversResource(statement: PolicyStatement, resource: string): boolean {
  const resources = asList(statement.Resource);
  if (resources) return resources.some((pattern) => resourceMatches(pattern, resource));
  const notResources = asList(statement.NotResource);
  if (notResources) return !notResources.some((pattern) => resourceMatches(pattern, resource));
  return false;
}

const hasCondition = (statement: PolicyStatement): boolean =>
  statement.Condition !== undefined && Object.keys(statement.Condition).length > 0;

function applies(statement: PolicyStatement, action: string, resource: string): boolean {
  if (!coversAction(statement, action) || !coversResource(statement, resource)) return false;
  // Conditions cannot be evaluated here: read them the strict way (see the module comment).
  return statement.Effect === 'Deny' || !hasCondition(statement);
}

/** IAM's decision for one action on one resource under a principal's identity-based statements. */
export function evaluatePolicy(
  statements: readonly PolicyStatement[],
  action: string,
  resource: string,
): Decision {
  const applying = statements.filter((statement) => applies(statement, action, resource));
  if (applying.some((statement) => statement.Effect === 'Deny')) return 'explicitDeny';
  if (applying.some((statement) => statement.Effect === 'Allow')) return 'allow';
  return 'implicitDeny';
}

/**
 * The operator (seed, tests, scripts) is an administrator; a function has its role's statements, a service
 * what resource policies grant it.
 */
export function authorize(principal: Principal, action: string, resource: string): Decision {
  if (principal.kind === 'operator') return 'allow';
  return evaluatePolicy(principal.statements, action, resource);
}

export interface AccessDeniedMessageOptions {
  /** S3 writes the resource ARN in double quotes; other services do not. */
  quoteResource?: boolean;
}

/**
 * The message AWS gives for a refusal by an identity-based policy (the wording since IAM added the
 * policy type in 2021). Inline role policies, which is what CDK grants make, carry no policy ARN.
 */
export function accessDeniedMessage(
  principalArn: string,
  action: string,
  resource: string,
  decision: Exclude<Decision, 'allow'>,
  options: AccessDeniedMessageOptions = {},
): string {
  const shownResource = options.quoteResource ? `"${resource}"` : resource;
  const reason =
    decision === 'explicitDeny'
      ? 'with an explicit deny in an identity-based policy'
      : `because no identity-based policy allows the ${action} action`;
  return `User: ${principalArn} is not authorized to perform: ${action} on resource: ${shownResource} ${reason}`;
}

/** One thing a request needs IAM to allow: an action on a resource ARN (or `*`). */
export interface AccessNeed {
  action: string;
  resource: string;
}

export interface Refusal {
  action: string;
  resource: string;
  decision: Exclude<Decision, 'allow'>;
}

/**
 * Checks every (action, resource) a request needs, in order, and returns the first refusal; undefined
 * when all are allowed. AWS reports one refusal too, not a list.
 */
export function firstRefusal(principal: Principal, needs: readonly AccessNeed[]): Refusal | undefined {
  for (const { action, resource } of needs) {
    const decision = authorize(principal, action, resource);
    if (decision !== 'allow') return { action, resource, decision };
  }
  return undefined;
}
