/**
 * The site's web ACL. CloudFront takes web ACLs from us-east-1 only, so this small stack is always
 * deployed there, whatever the other stacks' region; the distribution names it by the `webAclArn`
 * setting (this stack's WebAclArn output), since the other stacks are environment-agnostic and CDK's
 * cross-region references need an explicit region on both sides.
 */
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
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

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, { ...props, env: { ...props.env, region: EDGE_REGION } });
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      description: 'Shutterlane site: per-IP rate limits and the AWS common rule set',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      rules: edgeRules(props.settings.rateLimits),
      visibilityConfig: edgeVisibility('ShutterlaneSite'),
    });
    this.wafLogging = new WafLogging(this, 'WafLogs', { webAcl: this.webAcl });
    new CfnOutput(this, 'WebAclArn', {
      value: this.webAcl.attrArn,
      description: 'Deploy the other stacks with -c webAclArn=<this value> (docs/deploy.md)',
    });
  }
}
