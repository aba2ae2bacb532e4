/**
 * What the local edge takes from the synthesized templates, as CloudFront and WAF would have it after a
 * deploy: the web ACL's rules (with its IP sets' addresses), and the custom headers the distribution adds on its way to the API origin
 * (the origin-verify secret, resolved from the local Secrets Manager's value as CloudFormation resolves
 * the dynamic reference at deploy time).
 */
import { resourcesOfType } from '@shutterlane/aws-standins/cloudformation/assembly';
import type { TemplateResolver } from '@shutterlane/aws-standins/cloudformation/resolver';
import { API_BASE } from '../../../shared/contract/route-paths';
import { UnsupportedRuleError, webAclRules, type IpSetLookup, type WebAclRules } from './waf-rules';

type Json = Record<string, unknown>;

function only<T>(items: T[], what: string): T {
  if (items.length !== 1) throw new Error(`Expected one ${what} in the templates, found ${items.length}`);
  return items[0]!;
}

/** The templates' IP sets' addresses by their ARN, as the web ACL's rules reference them. */
export function ipSetsOf(resolver: TemplateResolver): IpSetLookup {
  const byArn = new Map<string, readonly string[]>();
  for (const { stack, logicalId, resource } of resourcesOfType(resolver.assembly, 'AWS::WAFv2::IPSet')) {
    const arn = resolver.resolve(stack, { 'Fn::GetAtt': [logicalId, 'Arn'] }) as string;
    byArn.set(arn, resolver.resolve(stack, resource.Properties?.Addresses ?? []) as string[]);
  }
  return (arn) => {
    const addresses = byArn.get(String(arn));
    if (addresses === undefined) throw new UnsupportedRuleError(`No IP set ${String(arn)} in the templates`);
    return addresses;
  };
}

/** The CloudFront-scoped web ACL's rules. */
export function edgeRulesOf(resolver: TemplateResolver): WebAclRules {
  const acl = only(
    resourcesOfType(resolver.assembly, 'AWS::WAFv2::WebACL').filter(
      ({ resource }) => resource.Properties?.Scope === 'CLOUDFRONT',
    ),
    'CloudFront web ACL',
  );
  return webAclRules(resolver.resolve(acl.stack, acl.resource.Properties) as Json, ipSetsOf(resolver));
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
