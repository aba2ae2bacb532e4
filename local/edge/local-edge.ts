/**
 * Starts the local edge from the synthesized templates: the web ACL's rate rules and the API origin's
 * custom headers (the origin-verify secret, resolved from the local Secrets Manager's value).
 */
import type { TemplateResolver } from '../cloudformation/resolver';
import { startEdge, type Edge } from './server';
import { apiOriginHeaders, edgeRulesOf } from './template';

export interface LocalEdgeOptions {
  port: number;
  /** The local gateway's origin. */
  origin: string;
  log?: (line: string) => void;
}

export async function startLocalEdge(resolver: TemplateResolver, options: LocalEdgeOptions): Promise<Edge> {
  const { rateRules, notApplied } = edgeRulesOf(resolver);
  if (notApplied.length > 0)
    options.log?.(`Edge: WAF rules not applied locally (managed rule groups): ${notApplied.join(', ')}`);
  return startEdge({
    port: options.port,
    origin: options.origin,
    originHeaders: apiOriginHeaders(resolver),
    rateRules,
  });
}
