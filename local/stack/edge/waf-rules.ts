/**
 * WAF's rules as the local edge applies them, read from the web ACL of the synthesized template
 * (CloudFormation's property names): a blocking rule refuses every request its statement matches (by
 * path and by the client's address against an IP set's addresses, from the same template); a rate-based
 * rule counts the requests of each client address that match its scope-down statement over its
 * evaluation window, and blocks that address's matching requests while the count is over its limit.
 * Rules run in priority order and the first block ends the evaluation, as in WAF. A statement this
 * evaluator does not know makes it refuse the template rather than skip the rule (a kinder edge than WAF
 * would hide a missing limit). Managed rule groups (AWS's common rule set) cannot run locally: they are
 * listed, not applied.
 */
import { BlockList, isIP } from 'node:net';

/** What a rule sees of a request: its raw URI path and the client's socket address. */
export interface EdgeRequest {
  uriPath: string;
  clientIp: string;
}

/** A rule that blocks every request its statement matches (e.g. the webhook path from other addresses). */
export interface BlockRule {
  name: string;
  priority: number;
  blocks(request: EdgeRequest): boolean;
}

/** The addresses (CIDR blocks) of the IP set an `IPSetReferenceStatement` names by its ARN. */
export type IpSetLookup = (arn: unknown) => readonly string[];

export interface RateRule {
  name: string;
  priority: number;
  limit: number;
  windowSeconds: number;
  /** Whether the rule counts (and may block) a request for this raw URI path. */
  matches(uriPath: string): boolean;
}

export interface WebAclRules {
  blockRules: BlockRule[];
  rateRules: RateRule[];
  /** Rules the local edge cannot apply (managed rule groups), by name. */
  notApplied: string[];
}

type Json = Record<string, unknown>;
type RequestTest = (request: EdgeRequest) => boolean;
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

function byteMatch(statement: Json, rule: string): RequestTest {
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
  return ({ uriPath }) =>
    position(
      steps.reduce((text, transform) => transform(text), uriPath),
      search,
    );
}

/** Whether the client's address is in the IP set (its CIDR blocks), as WAF matches the source IP. */
function ipSetMatch(statement: Json, rule: string, ipSets: IpSetLookup): RequestTest {
  if (statement.IPSetForwardedIPConfig !== undefined)
    throw new UnsupportedRuleError(
      `${rule}: only IP set matches on the source address are evaluated locally`,
    );
  const list = new BlockList();
  for (const cidr of ipSets(statement.Arn)) {
    const [address = '', prefix] = cidr.split('/');
    const version = isIP(address);
    if (version === 0) throw new UnsupportedRuleError(`${rule}: not an IP address, ${cidr}`);
    const family = version === 4 ? 'ipv4' : 'ipv6';
    list.addSubnet(address, prefix === undefined ? (version === 4 ? 32 : 128) : Number(prefix), family);
  }
  return ({ clientIp }) => {
    const version = isIP(clientIp);
    return version !== 0 && list.check(clientIp, version === 4 ? 'ipv4' : 'ipv6');
  };
}

const noIpSets: IpSetLookup = () => {
  throw new UnsupportedRuleError('An IP set reference needs the IP sets of the template');
};

/** A statement as a test of a request; throws on any kind WAF has that this does not evaluate. */
export function requestTest(statement: Json, rule: string, ipSets: IpSetLookup = noIpSets): RequestTest {
  const [[kind, body]] = Object.entries(statement) as [[string, Json]];
  const inner = (item: Json) => requestTest(item, rule, ipSets);
  switch (kind) {
    case 'ByteMatchStatement':
      return byteMatch(body, rule);
    case 'IPSetReferenceStatement':
      return ipSetMatch(body, rule, ipSets);
    case 'AndStatement': {
      const tests = (body.Statements as Json[]).map(inner);
      return (request) => tests.every((test) => test(request));
    }
    case 'OrStatement': {
      const tests = (body.Statements as Json[]).map(inner);
      return (request) => tests.some((test) => test(request));
    }
    case 'NotStatement': {
      const test = inner(body.Statement as Json);
      return (request) => !test(request);
    }
    default:
      throw new UnsupportedRuleError(`${rule}: ${kind} is not evaluated locally`);
  }
}

/** A statement as a test of the URI path alone (a rate rule's scope, counted per address anyway). */
export function pathTest(statement: Json, rule: string): PathTest {
  const test = requestTest(statement, rule);
  return (uriPath) => test({ uriPath, clientIp: '' });
}

function blockRule(rule: Json, ipSets: IpSetLookup): BlockRule {
  const name = String(rule.Name);
  const action = Object.keys((rule.Action ?? {}) as Json);
  if (action.join() !== 'Block') throw new UnsupportedRuleError(`${name}: only blocking rules`);
  const test = requestTest((rule.Statement ?? {}) as Json, name, ipSets);
  return { name, priority: Number(rule.Priority), blocks: test };
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

const byPriority = (a: { priority: number }, b: { priority: number }) => a.priority - b.priority;

/**
 * The rules of a web ACL's resolved properties (an `AWS::WAFv2::WebACL` resource's Properties), with the
 * addresses of the IP sets its rules name (by ARN, from the same templates).
 */
export function webAclRules(properties: Json, ipSets: IpSetLookup = noIpSets): WebAclRules {
  if (Object.keys((properties.DefaultAction ?? {}) as Json).join() !== 'Allow')
    throw new UnsupportedRuleError('Only web ACLs that allow by default are evaluated locally');
  const blockRules: BlockRule[] = [];
  const rateRules: RateRule[] = [];
  const notApplied: string[] = [];
  for (const rule of (properties.Rules ?? []) as Json[]) {
    const statement = (rule.Statement ?? {}) as Json;
    if (statement.RateBasedStatement) rateRules.push(rateRule(rule, statement.RateBasedStatement as Json));
    else if (statement.ManagedRuleGroupStatement) notApplied.push(String(rule.Name));
    else blockRules.push(blockRule(rule, ipSets));
  }
  return { blockRules: blockRules.sort(byPriority), rateRules: rateRules.sort(byPriority), notApplied };
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

/** The rules with the rate rules' counters: which rule, if any, blocks a request. */
export class RateLimiter {
  private readonly counters: Map<RateRule, RateCounter>;
  private readonly ordered: (RateRule | BlockRule)[];

  constructor(
    readonly rules: RateRule[],
    blockRules: BlockRule[] = [],
  ) {
    this.counters = new Map(rules.map((rule) => [rule, new RateCounter(rule.windowSeconds)]));
    this.ordered = [...blockRules, ...rules].sort(byPriority);
  }

  /**
   * Evaluates the rules in priority order until one blocks: a blocking rule by its statement, a rate
   * rule by counting the request when its scope matches.
   */
  check(clientIp: string, uriPath: string, nowMs = Date.now()): RateRule | BlockRule | undefined {
    for (const rule of this.ordered) {
      if ('blocks' in rule) {
        if (rule.blocks({ uriPath, clientIp })) return rule;
        continue;
      }
      if (!rule.matches(uriPath)) continue;
      if (this.counters.get(rule)!.hit(clientIp, nowMs) > rule.limit) return rule;
    }
    return undefined;
  }
}
