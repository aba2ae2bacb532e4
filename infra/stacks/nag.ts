/**
 * cdk-nag's AWS Solutions checks on the whole app, with each accepted finding acknowledged on
 * the narrowest construct and with its reason. Synthesis fails on any other error-level finding.
 */
import { Validations, type App, type IPolicyValidationPlugin } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { AwsSolutionsChecks } from 'cdk-nag';
import { routes, type RouteDef } from '#shared/contract/routes';
import { pascalCase } from '../constructs/naming';
import type { ShutterlaneStacks } from './shutterlane';

function acknowledge(scope: IConstruct, reasons: Record<string, string>): void {
  for (const [id, reason] of Object.entries(reasons)) Validations.of(scope).acknowledge({ id, reason });
}

const LAMBDA_BASIC_EXECUTION =
  'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]';

/** Findings every function of ours shares, from CDK's own S3 grants and Lambda defaults. */
const FUNCTION_FINDINGS: Record<string, string> = {
  'AwsSolutions-L1': 'Node.js 22 is the runtime the code, lockfile and AWS SDK support target (DESIGN.md).',
  [LAMBDA_BASIC_EXECUTION]: 'The AWS managed basic execution policy only allows writing CloudWatch logs.',
  'AwsSolutions-IAM5[Action::s3:GetObject*]':
    'CDK grantRead: object reads (and their versions/ACL reads) only.',
  'AwsSolutions-IAM5[Action::s3:GetBucket*]': 'CDK grantRead: bucket metadata the SDK reads.',
  'AwsSolutions-IAM5[Action::s3:List*]': 'CDK grantRead: listing keys under a gallery prefix.',
  'AwsSolutions-IAM5[Action::s3:DeleteObject*]': 'CDK grantDelete: removing a photo removes its object.',
  'AwsSolutions-IAM5[Action::s3:Abort*]': 'CDK grantPut: aborting an interrupted upload.',
  // test/infra/observability.test.ts checks that the X-Ray statement is each function's only one on `*`.
  'AwsSolutions-IAM5[Resource::*]':
    'Active X-Ray tracing: xray:PutTraceSegments and xray:PutTelemetryRecords have no resource to scope to.',
  'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:ses:<AWS::Region>:<AWS::AccountId>:identity/*]':
    'ses:SendEmail only: SES also authorizes each recipient identity while the account is in the sandbox.',
  'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:ses:<AWS::Region>:<AWS::AccountId>:configuration-set/*]':
    "ses:SendEmail only: SES authorizes the account's default configuration set when one applies.",
};

/**
 * Object and index wildcards inside our own buckets and tables, referenced from the data stack.
 * cdk-nag names each finding by the resolved cross-stack reference (a hash-bearing output name),
 * so these are matched by pattern: object keys are per seller and gallery, decided at run time,
 * and `/index/*` covers only the table's own GSIs.
 */
const CROSS_STACK_WILDCARDS: { pattern: RegExp; reason: string }[] = [
  {
    pattern:
      /^AwsSolutions-IAM5\[Resource::[\w-]+-Data:ExportsOutputFnGetAtt(Originals|Derived)Bucket\w+Arn\w+\/\*\]$/,
    reason: 'Objects of the app photo buckets; keys are generated per seller and gallery.',
  },
  {
    pattern: /^AwsSolutions-IAM5\[Resource::[\w-]+-Data:ExportsOutputFnGetAtt\w+Table\w+Arn\w+\/index\/\*\]$/,
    reason: "Queries on the table's own global secondary indexes.",
  },
];

/** Wraps the cdk-nag pack, dropping only findings that match a reasoned pattern. */
class PatternAcknowledgingPlugin implements IPolicyValidationPlugin {
  readonly name: string;
  constructor(private readonly inner: IPolicyValidationPlugin) {
    this.name = inner.name;
  }
  validate(context: Parameters<IPolicyValidationPlugin['validate']>[0]) {
    const report = this.inner.validate(context);
    const violations = report.violations.filter(
      (violation) => !CROSS_STACK_WILDCARDS.some(({ pattern }) => pattern.test(violation.ruleName)),
    );
    return { ...report, violations, success: !violations.some((v) => v.severity === 'error') };
  }
}

function acknowledgeApi(stacks: ShutterlaneStacks): void {
  for (const fn of Object.values(stacks.api.functions)) acknowledge(fn, FUNCTION_FINDINGS);
  const originSecret = stacks.api.node.tryFindChild('OriginVerifySecret');
  if (originSecret) {
    acknowledge(originSecret, {
      'AwsSolutions-SMG4':
        "CloudFront's origin header and the functions must change together: rotated by a deploy (docs/deploy.md).",
    });
  }
  for (const [name, route] of Object.entries(routes) as [string, RouteDef][]) {
    if (route.caller === 'seller') continue;
    const construct = stacks.api.node.findChild(`${pascalCase(name)}Route`);
    acknowledge(construct, {
      'AwsSolutions-APIG4':
        route.caller === 'stripe'
          ? 'Called by Stripe: the handler verifies the Stripe-Signature header on the raw body.'
          : route.group === 'content'
            ? 'Published marketing content, read-only and the same for every visitor, like a public CDN.'
            : 'Public by design (customers have no account); abuse is checked by captcha and validation.',
    });
  }
}

function acknowledgeData(stacks: ShutterlaneStacks): void {
  // The originals bucket writes server access logs (who downloaded a paid original); see the data stack.
  acknowledge(stacks.data.buckets.derived, {
    'AwsSolutions-S1':
      'Copies and previews only, reached through presigned URLs or CloudFront (WAF logs); originals are logged.',
  });
  for (const logs of [stacks.data.accessLogs, stacks.edge.wafLogging.bucket]) {
    acknowledge(logs, { 'AwsSolutions-S1': 'A log bucket itself: logging it would log the log delivery.' });
  }
  const pagingSecret = stacks.data.node.tryFindChild('PagingTokenSecret');
  if (pagingSecret) {
    acknowledge(pagingSecret, {
      'AwsSolutions-SMG4':
        'Rotating the paging key would only invalidate open list cursors; rotate by redeploying.',
    });
  }
}

function acknowledgeAuth(stacks: ShutterlaneStacks): void {
  acknowledge(stacks.auth.userPool, {
    'AwsSolutions-COG1':
      'The product rule is a minimum of 8 characters (spec section 9), enforced the same in the API.',
    'AwsSolutions-COG2': 'The specification has no MFA flow; sellers sign in with email and password.',
    'AwsSolutions-COG8': 'Threat protection needs the Plus plan; not in the product scope yet.',
  });
}

function acknowledgeSite(stacks: ShutterlaneStacks): void {
  acknowledge(stacks.site.distribution, {
    'AwsSolutions-CFR1': 'Sold worldwide: no geographic restriction.',
    // With webAclArn the edge stack's web ACL is attached and the finding does not arise.
    ...(stacks.settings.webAclArn
      ? {}
      : {
          'AwsSolutions-CFR2':
            'No webAclArn yet (first deploy of the us-east-1 edge stack, docs/deploy.md); synthesis warns.',
        }),
    'AwsSolutions-CFR3': 'Access logs are kept by API Gateway for /api; static SPA requests need none.',
    ...(stacks.settings.certificateArn
      ? {}
      : {
          'AwsSolutions-CFR4':
            'Without a custom domain CloudFront serves its default certificate and policy.',
        }),
  });
}

/** CDK's own helper functions, found by the construct ids aws-cdk-lib gives them. */
function cdkHelpers(scope: IConstruct, idPrefix: string): IConstruct[] {
  return scope.node.children.filter((child) => child.node.id.startsWith(idPrefix));
}

function acknowledgeCdkHelpers(stacks: ShutterlaneStacks): void {
  for (const handler of cdkHelpers(stacks.media, 'BucketNotificationsHandler')) {
    acknowledge(handler, {
      [LAMBDA_BASIC_EXECUTION]: FUNCTION_FINDINGS[LAMBDA_BASIC_EXECUTION]!,
      'AwsSolutions-IAM5[Resource::*]': 'CDK bucket-notification handler: s3:PutBucketNotification only.',
    });
  }
  const siteBucketId = stacks.site.getLogicalId(stacks.site.siteBucket.node.defaultChild as never);
  for (const handler of cdkHelpers(stacks.site, 'Custom::CDKBucketDeployment')) {
    acknowledge(handler, {
      ...FUNCTION_FINDINGS,
      'AwsSolutions-L1': 'Runtime chosen by aws-cdk-lib for its BucketDeployment handler.',
      'AwsSolutions-IAM5[Resource::*]':
        'CDK BucketDeployment handler: CloudFront invalidation has no resource scope.',
      'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*]':
        'CDK BucketDeployment handler reads the built SPA from the bootstrap asset bucket.',
      [`AwsSolutions-IAM5[Resource::<${siteBucketId}.Arn>/*]`]: 'CDK BucketDeployment writes the SPA files.',
    });
  }
  acknowledge(stacks.site.siteBucket, {
    'AwsSolutions-S1': 'Holds only the public SPA build, read by CloudFront through Origin Access Control.',
  });
}

/** Adds the AWS Solutions checks to the app, with the acknowledgements above. */
export function applyNagChecks(app: App, stacks: ShutterlaneStacks): void {
  Validations.of(app).addPlugins(new PatternAcknowledgingPlugin(new AwsSolutionsChecks(app)));
  acknowledgeData(stacks);
  acknowledgeAuth(stacks);
  acknowledgeApi(stacks);
  acknowledgeSite(stacks);
  acknowledgeCdkHelpers(stacks);
  const optional = stacks.auth.triggers ? [stacks.auth.triggers] : [];
  const media = [
    stacks.media.resize,
    stacks.media.resizeFailuresConsumer,
    stacks.media.faces,
    stacks.media.previewJobs,
    stacks.balanceWatch.fn,
    stacks.expiryReminders.fn,
  ];
  for (const fn of [...media, ...optional]) {
    acknowledge(fn, FUNCTION_FINDINGS);
  }
}
