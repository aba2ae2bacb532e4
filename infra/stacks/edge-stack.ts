/**
 * The site's web ACL. CloudFront takes web ACLs from us-east-1 only, so this small stack is always
 * deployed there, whatever the other stacks' region; the distribution names it by the `webAclArn`
 * setting (this stack's WebAclArn output), since the other stacks are environment-agnostic and CDK's
 * cross-region references need an explicit region on both sides.
 */
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { CfnIPSet, CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { stripeWebhookCidrs } from '#shared/platform/stripe-webhook-ips';
import { edgeRules, edgeVisibility } from '../constructs/edge-rules';
import { WafLogging } from '../constructs/waf-logging';
import type { DeploySettings } from './settings';

/** CloudFront's web ACLs live here. */
export const EDGE_REGION = 'us-east-1';

export interface EdgeStackProps extends StackProps {
  settings: DeploySettings;
}

export class EdgeStack extends Stack {
  readonly webAcl: CfnWebACL;
  /** The web ACL's request logs, in a bucket of this stack (infra/constructs/waf-logging.ts). */
  readonly wafLogging: WafLogging;
  /** Stripe's webhook source addresses (and IPv4 ones a deployment adds): the only ones the webhook path answers. */
  readonly stripeWebhookSources: CfnIPSet;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, { ...props, env: { ...props.env, region: EDGE_REGION } });
    const extra = props.settings.stripeWebhookExtraSources;
    const ipv6 = extra.filter((cidr) => cidr.includes(':'));
    this.stripeWebhookSources = new CfnIPSet(this, 'StripeWebhookSources', {
      description: 'Stripe webhook source addresses: shared/platform/stripe-webhook-ips.ts',
      scope: 'CLOUDFRONT',
      ipAddressVersion: 'IPV4',
      addresses: [...new Set([...stripeWebhookCidrs(), ...extra.filter((cidr) => !cidr.includes(':'))])],
    });
    // Stripe publishes no IPv6 addresses; an IP set holds one version, so added IPv6 ones get their own.
    const sourceSets = [this.stripeWebhookSources];
    if (ipv6.length > 0)
      sourceSets.push(
        new CfnIPSet(this, 'StripeWebhookSourcesIpv6', {
          description: 'IPv6 addresses a deployment adds to the Stripe webhook sources',
          scope: 'CLOUDFRONT',
          ipAddressVersion: 'IPV6',
          addresses: ipv6,
        }),
      );
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      description:
        'Shutterlane site: the Stripe webhook from Stripe only, per-IP rate limits, the AWS common rule set',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      rules: edgeRules(
        props.settings.rateLimits,
        sourceSets.map((set) => set.attrArn),
      ),
      visibilityConfig: edgeVisibility('ShutterlaneSite'),
    });
    this.wafLogging = new WafLogging(this, 'WafLogs', { webAcl: this.webAcl });
    new CfnOutput(this, 'WebAclArn', {
      value: this.webAcl.attrArn,
      description: 'Deploy the other stacks with -c webAclArn=<this value> (docs/deploy.md)',
    });
  }
}
