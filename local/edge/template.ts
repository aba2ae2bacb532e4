/**
 * What the local edge takes from the synthesized templates, as CloudFront and WAF would have it after a
 * deploy: the web ACL's rules, and the custom headers the distribution adds on its way to the API origin
 * (the origin-verify secret, resolved from the local Secrets Manager's value as CloudFormation resolves
 * the dynamic reference at deploy time).
 */
import { resourcesOfType } from '../cloudformation/assembly';
import type { TemplateResolver } from '../cloudformation/resolver';
import { API_BASE } from '#shared/route-paths';
import { webAclRules, type WebAclRules } from './waf-rules';

type Json = Record<string, unknown>;

function only<T>(items: T[], what: string): T {
  if (items.length !== 1) throw new Error(`Expected one ${what} in the templates, found ${items.length}`);
  return items[0]!;
}

/** The CloudFront-scoped web ACL's rules. */
export function edgeRulesOf(resolver: TemplateResolver): WebAclRules {
  const acl = only(
    resourcesOfType(resolver.assembly, 'AWS::WAFv2::WebACL').filter(
      ({ resource }) => resource.Properties?.Scope === 'CLOUDFRONT',
    ),
    'CloudFront web ACL',
  );
  return webAclRules(resolver.resolve(acl.stack, acl.resource.Properties) as Json);
}

/** The headers CloudFront adds to requests for `/api/*` (its origin's custom headers), resolved. */
export function apiOriginHeaders(resolver: TemplateResolver): Record<string, string> {
  const distribution = only(
    resourcesOfType(resolver.assembly, 'AWS::CloudFront::Distribution'),
    'CloudFront distribution',
  );
  const config = distribution.resource.Properties?.DistributionConfig as Json;
  const behavior = ((config.CacheBehaviors ?? []) as Json[]).find(
    (candidate) => candidate.PathPattern === `${API_BASE}/*`,
  );
  if (!behavior) throw new Error(`The distribution has no ${API_BASE}/* behaviour`);
  const origin = ((config.Origins ?? []) as Json[]).find(
    (candidate) => candidate.Id === behavior.TargetOriginId,
  );
  if (!origin) throw new Error(`The ${API_BASE}/* behaviour's origin is not in the distribution`);
  const headers = resolver.resolve(distribution.stack, origin.OriginCustomHeaders ?? []) as {
    HeaderName: string;
    HeaderValue: string;
  }[];
  return Object.fromEntries(headers.map((header) => [header.HeaderName.toLowerCase(), header.HeaderValue]));
}
