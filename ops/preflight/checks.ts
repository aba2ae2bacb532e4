/**
 * The first deploy's account-level prerequisites (docs/deploy.md, "A new account, step by step"), each
 * decided from what AWS answered: pure functions, so each failure is tested without an account. A check
 * passes, or fails with what is missing and what to do.
 */
import type { Stack } from '@aws-sdk/client-cloudformation';
import type { CertificateDetail } from '@aws-sdk/client-acm';
import type { GetAccountSettingsCommandOutput } from '@aws-sdk/client-lambda';
import type { RequestedServiceQuotaChange } from '@aws-sdk/client-service-quotas';
import type { GetAccountCommandOutput, GetEmailIdentityCommandOutput } from '@aws-sdk/client-sesv2';
import type { DescribeSecretCommandOutput } from '@aws-sdk/client-secrets-manager';

export interface CheckResult {
  name: string;
  ok: boolean;
  /** What was found. */
  detail: string;
  /** What to do when it failed. */
  fix?: string;
}

const pass = (name: string, detail: string): CheckResult => ({ name, ok: true, detail });
const fail = (name: string, detail: string, fix: string): CheckResult => ({ name, ok: false, detail, fix });

/** CloudFront's region: its certificates and web ACLs, hence the edge stack, live there. */
export const EDGE_REGION = 'us-east-1';

/** The CDK bootstrap stack's name (the asset bucket and deploy roles). */
export const BOOTSTRAP_STACK = 'CDKToolkit';

/** Lambda's "Concurrent executions" quota in Service Quotas. */
export const CONCURRENCY_QUOTA = { ServiceCode: 'lambda', QuotaCode: 'L-B99A9384' } as const;

/** `cdk bootstrap` left a usable stack in the region (undefined: no such stack). */
export function bootstrapCheck(region: string, stack: Stack | undefined): CheckResult {
  const name = `CDK bootstrap in ${region}`;
  const fix = `npx cdk bootstrap aws://<ACCOUNT_ID>/${region}`;
  if (!stack) return fail(name, `no ${BOOTSTRAP_STACK} stack`, fix);
  const status = stack.StackStatus ?? 'UNKNOWN';
  if (/_COMPLETE$/.test(status) && !/ROLLBACK|DELETE/.test(status))
    return pass(name, `${BOOTSTRAP_STACK} ${status}`);
  return fail(name, `${BOOTSTRAP_STACK} is ${status}`, `look at its events, then ${fix}`);
}

/**
 * The account's concurrency quota against what the settings reserve (`needed`, 0 when nothing is
 * reserved: settings.ts concurrencyQuotaNeeded). `pending` is an open increase request, if any.
 */
export function concurrencyCheck(
  account: GetAccountSettingsCommandOutput,
  needed: number,
  pending: RequestedServiceQuotaChange | undefined,
): CheckResult {
  const name = 'Lambda concurrency quota';
  const limit = account.AccountLimit?.ConcurrentExecutions ?? 0;
  const waiting = pending ? ` (an increase to ${pending.DesiredValue} is ${pending.Status})` : '';
  if (limit >= needed) {
    const note = needed === 0 ? 'nothing reserved' : `the reservations need ${needed}`;
    return pass(name, `${limit} concurrent executions; ${note}${waiting}`);
  }
  return fail(
    name,
    `${limit} concurrent executions, the reservations need ${needed} (Lambda keeps 100 unreserved)${waiting}`,
    pending
      ? 'wait for the increase, or deploy without the reservedConcurrency* settings meanwhile'
      : `ask for ${needed} or more (Service Quotas, AWS Lambda, "Concurrent executions"; it takes days), or deploy without the reservedConcurrency* settings`,
  );
}

/** The SES account in the region may send to anyone: out of the sandbox, sending enabled. */
export function sesAccountCheck(region: string, account: GetAccountCommandOutput): CheckResult {
  const name = `SES sending in ${region}`;
  if (account.SendingEnabled === false)
    return fail(
      name,
      `sending is paused (${account.EnforcementStatus ?? 'unknown'})`,
      'see the SES console: the account is under review or paused',
    );
  if (!account.ProductionAccessEnabled)
    return fail(
      name,
      'the account is in the SES sandbox: mail reaches only verified addresses, every customer email fails',
      'request production access (SES console, "Get set up"), then check that a real, unverified address receives mail; a staging account may stay in the sandbox with -c mailSandboxRecipients=<verified addresses>',
    );
  const quota = account.SendQuota?.Max24HourSend;
  return pass(name, `production access${quota === undefined ? '' : `, ${quota} emails a day`}`);
}

/**
 * The sender's identity is verified: `identities` are mailFrom's address and its domain (settings.ts);
 * `found` what GetEmailIdentity answered for each (undefined: no such identity).
 */
export function sesIdentityCheck(
  region: string,
  identities: readonly string[],
  found: readonly (GetEmailIdentityCommandOutput | undefined)[],
): CheckResult {
  const name = `SES identity of ${identities[0]} in ${region}`;
  const verified = identities.find((_, i) => found[i]?.VerifiedForSendingStatus === true);
  if (verified !== undefined) return pass(name, `${verified} is verified`);
  const known = identities.filter((_, i) => found[i] !== undefined);
  return fail(
    name,
    known.length > 0
      ? `${known.join(', ')} not verified yet`
      : 'neither the address nor its domain is an identity',
    `verify the domain ${identities.at(-1)} in SES (${region}) with DKIM: add the CNAME records it gives at your DNS provider`,
  );
}

/** The certificate can serve the site on CloudFront: in us-east-1, issued, covering the site's host. */
export function certificateCheck(
  certificateArn: string | undefined,
  siteDomain: string,
  certificate: CertificateDetail | undefined,
): CheckResult {
  const name = 'CloudFront certificate';
  if (certificateArn === undefined) {
    if (siteDomain.endsWith('.cloudfront.net'))
      return pass(name, 'none needed on the distribution’s own name');
    return fail(
      name,
      `no certificateArn: the site would answer only on its *.cloudfront.net name, not ${siteDomain}`,
      `request a certificate for ${siteDomain} in ACM in ${EDGE_REGION} (DNS validation), then pass -c certificateArn=<its ARN>`,
    );
  }
  const region = certificateArn.split(':')[3];
  if (region !== EDGE_REGION)
    return fail(
      name,
      `the certificate is in ${region ?? 'no region'}`,
      `CloudFront takes only ${EDGE_REGION} certificates: request one there`,
    );
  if (!certificate) return fail(name, 'no such certificate', 'check the ARN and the account');
  if (certificate.Status !== 'ISSUED')
    return fail(
      name,
      `status ${certificate.Status ?? 'unknown'}`,
      'finish its DNS validation (the CNAME record ACM shows), then run this again',
    );
  const names = [certificate.DomainName, ...(certificate.SubjectAlternativeNames ?? [])].filter(
    (n): n is string => n !== undefined,
  );
  if (!names.some((n) => coversHost(n, siteDomain)))
    return fail(
      name,
      `issued for ${names.join(', ')}, not ${siteDomain}`,
      `request one that names ${siteDomain}`,
    );
  return pass(name, `issued for ${siteDomain}`);
}

/** A certificate name covers a host: the same name, or a wildcard one label above it. */
function coversHost(certificateName: string, host: string): boolean {
  const wanted = host.toLowerCase();
  const name = certificateName.toLowerCase();
  if (!name.startsWith('*.')) return name === wanted;
  return wanted.slice(wanted.indexOf('.') + 1) === name.slice(2);
}

/** An operator-created secret exists (and is not scheduled for deletion); undefined: no such secret. */
export function secretCheck(
  secretName: string,
  createCommand: string,
  secret: DescribeSecretCommandOutput | undefined,
): CheckResult {
  const name = `secret ${secretName}`;
  if (!secret) return fail(name, 'missing: the calls that need it would answer 503', createCommand);
  if (secret.DeletedDate !== undefined)
    return fail(
      name,
      'scheduled for deletion',
      `aws secretsmanager restore-secret --secret-id ${secretName}`,
    );
  return pass(name, 'exists');
}
