/**
 * WAF's rate-based rules as the local edge applies them, read from the web ACL of the synthesized
 * template (CloudFormation's property names): each rule counts the requests of each client address that
 * match its scope-down statement over its evaluation window, and blocks that address's matching requests
 * while the count is over its limit. Rules run in priority order and the first block ends the evaluation,
 * as in WAF. A statement this evaluator does not know makes it refuse the template rather than skip the
 * rule (a kinder edge than WAF would hide a missing limit). Managed rule groups (AWS's common rule set)
 * cannot run locally: they are listed, not applied.
 */

export interface RateRule {
  name: string;
  priority: number;
  limit: number;
  windowSeconds: number;
  /** Whether the rule counts (and may block) a request for this raw URI path. */
  matches(uriPath: string): boolean;
}

export interface WebAclRules {
  rateRules: RateRule[];
  /** Rules the local edge cannot apply (managed rule groups), by name. */
  notApplied: string[];
}

type Json = Record<string, unknown>;
type PathTest = (uriPath: string) => boolean;

export class UnsupportedRuleError extends Error {}

/** WAF's URL_DECODE: each valid %XX sequence decoded, anything else kept as it is. */
export function urlDecode(text: string): string {
  return text.replace(/(%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

const TRANSFORMATIONS: Record<string, (text: string) => string> = {
  NONE: (text) => text,
  URL_DECODE: urlDecode,
  LOWERCASE: (text) => text.toLowerCase(),
};

const POSITIONS: Record<string, (text: string, search: string) => boolean> = {
  EXACTLY: (text, search) => text === search,
  STARTS_WITH: (text, search) => text.startsWith(search),
  ENDS_WITH: (text, search) => text.endsWith(search),
  CONTAINS: (text, search) => text.includes(search),
};

function byteMatch(statement: Json, rule: string): PathTest {
  const field = (statement.FieldToMatch ?? {}) as Json;
  if (Object.keys(field).join() !== 'UriPath')
    throw new UnsupportedRuleError(`${rule}: only byte matches on UriPath are evaluated locally`);
  const position = POSITIONS[String(statement.PositionalConstraint)];
  if (!position)
    throw new UnsupportedRuleError(`${rule}: position ${String(statement.PositionalConstraint)}`);
  const steps = ((statement.TextTransformations ?? []) as Json[])
    .sort((a, b) => Number(a.Priority) - Number(b.Priority))
    .map((step) => {
      const transform = TRANSFORMATIONS[String(step.Type)];
      if (!transform) throw new UnsupportedRuleError(`${rule}: text transformation ${String(step.Type)}`);
      return transform;
    });
  const search = String(statement.SearchString);
  return (uriPath) =>
    position(
      steps.reduce((text, transform) => transform(text), uriPath),
      search,
    );
}

/** A statement as a test of the URI path; throws on any kind WAF has that this does not evaluate. */
export function pathTest(statement: Json, rule: string): PathTest {
  const [[kind, body]] = Object.entries(statement) as [[string, Json]];
  switch (kind) {
    case 'ByteMatchStatement':
      return byteMatch(body, rule);
    case 'AndStatement': {
      const tests = (body.Statements as Json[]).map((item) => pathTest(item, rule));
      return (path) => tests.every((test) => test(path));
    }
    case 'OrStatement': {
      const tests = (body.Statements as Json[]).map((item) => pathTest(item, rule));
      return (path) => tests.some((test) => test(path));
    }
    case 'NotStatement': {
      const test = pathTest(body.Statement as Json, rule);
      return (path) => !test(path);
    }
    default:
      throw new UnsupportedRuleError(`${rule}: ${kind} is not evaluated locally`);
  }
}

function rateRule(rule: Json, statement: Json): RateRule {
  const name = String(rule.Name);
  const action = Object.keys((rule.Action ?? {}) as Json);
  if (action.join() !== 'Block') throw new UnsupportedRuleError(`${name}: only blocking rate rules`);
  if (statement.AggregateKeyType !== 'IP')
    throw new UnsupportedRuleError(`${name}: only rate rules keyed on the client address (IP)`);
  const scope = statement.ScopeDownStatement as Json | undefined;
  return {
    name,
    priority: Number(rule.Priority),
    limit: Number(statement.Limit),
    // WAF's default window is five minutes.
    windowSeconds: Number(statement.EvaluationWindowSec ?? 300),
    matches: scope === undefined ? () => true : pathTest(scope, name),
  };
}

/** The rules of a web ACL's resolved properties (an `AWS::WAFv2::WebACL` resource's Properties). */
export function webAclRules(properties: Json): WebAclRules {
  if (Object.keys((properties.DefaultAction ?? {}) as Json).join() !== 'Allow')
    throw new UnsupportedRuleError('Only web ACLs that allow by default are evaluated locally');
  const rateRules: RateRule[] = [];
  const notApplied: string[] = [];
  for (const rule of (properties.Rules ?? []) as Json[]) {
    const statement = (rule.Statement ?? {}) as Json;
    if (statement.RateBasedStatement) rateRules.push(rateRule(rule, statement.RateBasedStatement as Json));
    else if (statement.ManagedRuleGroupStatement) notApplied.push(String(rule.Name));
    else throw new UnsupportedRuleError(`${String(rule.Name)}: not a rate rule or managed rule group`);
  }
  return { rateRules: rateRules.sort((a, b) => a.priority - b.priority), notApplied };
}

/**
 * Requests per client address over a sliding window, in one-second slots (WAF itself aggregates over
 * intervals and acts within some seconds; here the block starts with the first request over the limit).
 */
export class RateCounter {
  private readonly slots = new Map<string, { second: number; count: number }[]>();

  constructor(private readonly windowSeconds: number) {}

  /** Counts one request of `key` at `nowMs`; returns the count in the window, this one included. */
  hit(key: string, nowMs: number): number {
    const second = Math.floor(nowMs / 1000);
    const oldest = second - this.windowSeconds + 1;
    const slots = (this.slots.get(key) ?? []).filter((slot) => slot.second >= oldest);
    const last = slots.at(-1);
    if (last?.second === second) last.count += 1;
    else slots.push({ second, count: 1 });
    this.slots.set(key, slots);
    return slots.reduce((sum, slot) => sum + slot.count, 0);
  }
}

/** The rules with their counters: which rule, if any, blocks a request. */
export class RateLimiter {
  private readonly counters: Map<RateRule, RateCounter>;

  constructor(readonly rules: RateRule[]) {
    this.counters = new Map(rules.map((rule) => [rule, new RateCounter(rule.windowSeconds)]));
  }

  /** Counts the request against every rule whose scope it matches, in priority order, until one blocks. */
  check(clientIp: string, uriPath: string, nowMs = Date.now()): RateRule | undefined {
    for (const rule of this.rules) {
      if (!rule.matches(uriPath)) continue;
      if (this.counters.get(rule)!.hit(clientIp, nowMs) > rule.limit) return rule;
    }
    return undefined;
  }
}
