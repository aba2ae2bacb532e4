/**
 * npm run preflight against mocked AWS clients (the real SDK clients, their answers mocked with
 * aws-sdk-client-mock): every prerequisite found, then each one missing in turn.
 */
import { ACMClient, DescribeCertificateCommand } from '@aws-sdk/client-acm';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { GetAccountSettingsCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { DescribeSecretCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import {
  ListRequestedServiceQuotaChangeHistoryByQuotaCommand,
  ServiceQuotasClient,
} from '@aws-sdk/client-service-quotas';
import { GetAccountCommand, GetEmailIdentityCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { App } from 'aws-cdk-lib';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  readSettings,
  RESERVED_CONCURRENCY_PRODUCTION,
  reservedConcurrencySettings,
} from '../../infra/stacks/settings';
import type { CheckResult } from './checks';
import { formatReport, runPreflight, type PreflightClients } from './run';

const CERTIFICATE_ARN = 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-aaaa-bbbb-cccc-0123456789ab';
const BASE_CONTEXT = {
  siteDomain: 'shutterlane.com',
  mailFrom: 'Shutterlane <orders@shutterlane.com>',
  certificateArn: CERTIFICATE_ARN,
};

const settingsOf = (context: Record<string, string> = {}) =>
  readSettings(new App({ context: { ...BASE_CONTEXT, ...context } }).node);

/** An AWS service error as the SDK throws it. */
const awsError = (name: string, message = name) => Object.assign(new Error(message), { name });

function makeClients(region = 'eu-west-2'): PreflightClients {
  return {
    region,
    cloudFormation: {
      main: new CloudFormationClient({ region }),
      edge: new CloudFormationClient({ region: 'us-east-1' }),
    },
    lambda: new LambdaClient({ region }),
    serviceQuotas: new ServiceQuotasClient({ region }),
    ses: new SESv2Client({ region }),
    secrets: new SecretsManagerClient({ region }),
    acm: new ACMClient({ region: 'us-east-1' }),
  };
}

let clients: PreflightClients;
let mocks: ReturnType<typeof mockAll>;

/** Every prerequisite in place; each test then takes one away. */
function mockAll(c: PreflightClients) {
  const stack = {
    StackName: 'CDKToolkit',
    StackStatus: 'CREATE_COMPLETE' as const,
    CreationTime: new Date(),
  };
  const cfnMain = mockClient(c.cloudFormation.main);
  cfnMain.on(DescribeStacksCommand).resolves({ Stacks: [stack] });
  const cfnEdge = mockClient(c.cloudFormation.edge);
  cfnEdge.on(DescribeStacksCommand).resolves({ Stacks: [stack] });
  const lambda = mockClient(c.lambda);
  lambda.on(GetAccountSettingsCommand).resolves({ AccountLimit: { ConcurrentExecutions: 1000 } });
  const quotas = mockClient(c.serviceQuotas);
  quotas.on(ListRequestedServiceQuotaChangeHistoryByQuotaCommand).resolves({ RequestedQuotas: [] });
  const ses = mockClient(c.ses);
  ses.on(GetAccountCommand).resolves({
    ProductionAccessEnabled: true,
    SendingEnabled: true,
    SendQuota: { Max24HourSend: 50_000 },
  });
  // The domain is the verified identity; the address is no identity of its own.
  ses.on(GetEmailIdentityCommand).rejects(awsError('NotFoundException'));
  ses
    .on(GetEmailIdentityCommand, { EmailIdentity: 'shutterlane.com' })
    .resolves({ VerifiedForSendingStatus: true });
  const acm = mockClient(c.acm);
  acm.on(DescribeCertificateCommand).resolves({
    Certificate: {
      CertificateArn: CERTIFICATE_ARN,
      DomainName: 'shutterlane.com',
      SubjectAlternativeNames: ['shutterlane.com', '*.shutterlane.com'],
      Status: 'ISSUED',
    },
  });
  const secrets = mockClient(c.secrets);
  secrets.on(DescribeSecretCommand).resolves({ Name: 'exists' });
  return { cfnMain, cfnEdge, lambda, quotas, ses, acm, secrets };
}

beforeEach(() => {
  clients = makeClients();
  mocks = mockAll(clients);
});

const failures = (results: readonly CheckResult[]) => results.filter((result) => !result.ok);

/** The one failed check, which must be the named one. */
async function onlyFailure(name: string, settings = settingsOf()): Promise<CheckResult> {
  const failed = failures(await runPreflight(clients, settings));
  expect(failed.map((result) => result.name)).toEqual([name]);
  return failed[0]!;
}

describe('npm run preflight', () => {
  it('passes every check when every prerequisite is in place, and says what it cannot check', async () => {
    const results = await runPreflight(clients, settingsOf());
    expect(failures(results)).toEqual([]);
    expect(results.map((result) => result.name)).toEqual([
      'CDK bootstrap in eu-west-2',
      'CDK bootstrap in us-east-1',
      'Lambda concurrency quota',
      'SES sending in eu-west-2',
      'SES identity of orders@shutterlane.com in eu-west-2',
      'CloudFront certificate',
      'secret shutterlane/stripe-secret-key',
      'secret shutterlane/stripe-webhook-secret',
      'secret shutterlane/stripe-connect-webhook-secret',
      'secret shutterlane/captcha-secret',
    ]);
    const report = formatReport(results);
    expect(report).toContain('All prerequisites found.');
    expect(report).toContain('Stripe Connect');
    expect(report).not.toContain('FAIL');
  });

  it('fails when us-east-1 is not bootstrapped (the edge stack lives there), naming the command', async () => {
    mocks.cfnEdge
      .on(DescribeStacksCommand)
      .rejects(awsError('ValidationError', 'Stack with id CDKToolkit does not exist'));
    const failed = await onlyFailure('CDK bootstrap in us-east-1');
    expect(failed.fix).toContain('cdk bootstrap aws://<ACCOUNT_ID>/us-east-1');
  });

  it("fails when the main region's bootstrap stack rolled back", async () => {
    mocks.cfnMain.on(DescribeStacksCommand).resolves({
      Stacks: [{ StackName: 'CDKToolkit', StackStatus: 'ROLLBACK_COMPLETE', CreationTime: new Date() }],
    });
    const failed = await onlyFailure('CDK bootstrap in eu-west-2');
    expect(failed.detail).toContain('ROLLBACK_COMPLETE');
  });

  it('checks one bootstrap when the deploy region is us-east-1', async () => {
    clients = makeClients('us-east-1');
    mockAll(clients);
    const names = (await runPreflight(clients, settingsOf())).map((result) => result.name);
    expect(names.filter((name) => name.startsWith('CDK bootstrap'))).toEqual(['CDK bootstrap in us-east-1']);
  });

  it("passes a new account's quota of 10 when nothing is reserved, and fails it with production's reservations", async () => {
    mocks.lambda.on(GetAccountSettingsCommand).resolves({ AccountLimit: { ConcurrentExecutions: 10 } });
    expect(failures(await runPreflight(clients, settingsOf()))).toEqual([]);
    const production = settingsOf(reservedConcurrencySettings(RESERVED_CONCURRENCY_PRODUCTION));
    const failed = await onlyFailure('Lambda concurrency quota', production);
    expect(failed.detail).toContain('need 155');
    expect(failed.fix).toContain('Service Quotas');
  });

  it('says when a quota increase is already requested', async () => {
    mocks.lambda.on(GetAccountSettingsCommand).resolves({ AccountLimit: { ConcurrentExecutions: 10 } });
    mocks.quotas
      .on(ListRequestedServiceQuotaChangeHistoryByQuotaCommand)
      .resolves({ RequestedQuotas: [{ DesiredValue: 1000, Status: 'CASE_OPENED' }] });
    const production = settingsOf(reservedConcurrencySettings(RESERVED_CONCURRENCY_PRODUCTION));
    const failed = await onlyFailure('Lambda concurrency quota', production);
    expect(failed.detail).toContain('1000 is CASE_OPENED');
  });

  it('fails in the SES sandbox, where every customer email would fail', async () => {
    mocks.ses.on(GetAccountCommand).resolves({ ProductionAccessEnabled: false, SendingEnabled: true });
    const failed = await onlyFailure('SES sending in eu-west-2');
    expect(failed.detail).toContain('sandbox');
    expect(failed.fix).toContain('production access');
  });

  it('fails when SES sending is paused', async () => {
    mocks.ses
      .on(GetAccountCommand)
      .resolves({ ProductionAccessEnabled: true, SendingEnabled: false, EnforcementStatus: 'SHUTDOWN' });
    const failed = await onlyFailure('SES sending in eu-west-2');
    expect(failed.detail).toContain('SHUTDOWN');
  });

  it("fails when mailFrom's domain is not verified, or is no identity at all", async () => {
    mocks.ses
      .on(GetEmailIdentityCommand, { EmailIdentity: 'shutterlane.com' })
      .resolves({ VerifiedForSendingStatus: false });
    const pending = await onlyFailure('SES identity of orders@shutterlane.com in eu-west-2');
    expect(pending.detail).toContain('shutterlane.com not verified');
    mocks.ses
      .on(GetEmailIdentityCommand, { EmailIdentity: 'shutterlane.com' })
      .rejects(awsError('NotFoundException'));
    const absent = await onlyFailure('SES identity of orders@shutterlane.com in eu-west-2');
    expect(absent.fix).toContain('verify the domain shutterlane.com');
  });

  it('passes a verified address identity without its domain', async () => {
    mocks.ses
      .on(GetEmailIdentityCommand, { EmailIdentity: 'orders@shutterlane.com' })
      .resolves({ VerifiedForSendingStatus: true });
    mocks.ses
      .on(GetEmailIdentityCommand, { EmailIdentity: 'shutterlane.com' })
      .rejects(awsError('NotFoundException'));
    expect(failures(await runPreflight(clients, settingsOf()))).toEqual([]);
  });

  it('fails without a certificate, or with one outside us-east-1 (not even asking ACM)', async () => {
    const none = await onlyFailure('CloudFront certificate', settingsOf({ certificateArn: '' }));
    expect(none.fix).toContain('us-east-1');
    const elsewhere = CERTIFICATE_ARN.replace('us-east-1', 'eu-west-2');
    const wrong = await onlyFailure('CloudFront certificate', settingsOf({ certificateArn: elsewhere }));
    expect(wrong.detail).toContain('eu-west-2');
    expect(mocks.acm.commandCalls(DescribeCertificateCommand)).toHaveLength(0);
  });

  it('fails with a certificate not issued yet, or issued for another host', async () => {
    mocks.acm
      .on(DescribeCertificateCommand)
      .resolves({ Certificate: { DomainName: 'shutterlane.com', Status: 'PENDING_VALIDATION' } });
    expect((await onlyFailure('CloudFront certificate')).detail).toContain('PENDING_VALIDATION');
    mocks.acm
      .on(DescribeCertificateCommand)
      .resolves({ Certificate: { DomainName: '*.example.org', Status: 'ISSUED' } });
    expect((await onlyFailure('CloudFront certificate')).detail).toContain('not shutterlane.com');
    mocks.acm.on(DescribeCertificateCommand).rejects(awsError('ResourceNotFoundException'));
    expect((await onlyFailure('CloudFront certificate')).detail).toBe('no such certificate');
  });

  it('passes a wildcard certificate for a www host', async () => {
    const www = settingsOf({ siteDomain: 'www.shutterlane.com' });
    mocks.acm
      .on(DescribeCertificateCommand)
      .resolves({ Certificate: { DomainName: '*.shutterlane.com', Status: 'ISSUED' } });
    expect(failures(await runPreflight(clients, www))).toEqual([]);
  });

  it('fails for a missing secret with the command that creates it, and for one scheduled for deletion', async () => {
    mocks.secrets
      .on(DescribeSecretCommand, { SecretId: 'shutterlane/captcha-secret' })
      .rejects(awsError('ResourceNotFoundException'));
    const missing = await onlyFailure('secret shutterlane/captcha-secret');
    expect(missing.fix).toContain('aws secretsmanager create-secret --name shutterlane/captcha-secret');
    mocks.secrets
      .on(DescribeSecretCommand, { SecretId: 'shutterlane/captcha-secret' })
      .resolves({ Name: 'shutterlane/captcha-secret', DeletedDate: new Date() });
    expect((await onlyFailure('secret shutterlane/captcha-secret')).fix).toContain('restore-secret');
  });

  it('checks the secrets a setting names instead of the generated ones', async () => {
    mocks.secrets
      .on(DescribeSecretCommand, { SecretId: 'mine/paging' })
      .rejects(awsError('ResourceNotFoundException'));
    await onlyFailure('secret mine/paging', settingsOf({ pagingTokenSecretName: 'mine/paging' }));
  });

  it('fails a check whose call is refused, with the error, and goes on with the others', async () => {
    mocks.lambda
      .on(GetAccountSettingsCommand)
      .rejects(awsError('AccessDeniedException', 'not authorized to perform: lambda:GetAccountSettings'));
    const failed = await onlyFailure('Lambda concurrency quota');
    expect(failed.detail).toContain('lambda:GetAccountSettings');
    const report = formatReport(await runPreflight(clients, settingsOf()));
    expect(report).toContain('FAIL  Lambda concurrency quota');
    expect(report).toContain('1 prerequisite(s) missing.');
  });
});
