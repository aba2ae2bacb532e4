/**
 * `npm run preflight`'s work: read-only calls against the target account (the standard AWS credentials
 * and region), each answer decided by checks.ts. Nothing is created or changed, and no secret value is
 * read (DescribeSecret only).
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
import { concurrencyQuotaNeeded, type DeploySettings } from '../../infra/stacks/settings';
import {
  BOOTSTRAP_STACK,
  bootstrapCheck,
  certificateCheck,
  CONCURRENCY_QUOTA,
  concurrencyCheck,
  EDGE_REGION,
  secretCheck,
  sesAccountCheck,
  sesIdentityCheck,
  type CheckResult,
} from './checks';

/** The clients of the deploy's region (`main`) and of us-east-1 (`edge`: the edge stack, the certificate). */
export interface PreflightClients {
  region: string;
  cloudFormation: { main: CloudFormationClient; edge: CloudFormationClient };
  lambda: LambdaClient;
  serviceQuotas: ServiceQuotasClient;
  ses: SESv2Client;
  secrets: SecretsManagerClient;
  acm: ACMClient;
}

/** Clients from the standard AWS environment (AWS_PROFILE, AWS_REGION, SSO...). */
export async function clientsFromEnvironment(): Promise<PreflightClients> {
  const lambda = new LambdaClient({});
  const region = await lambda.config.region();
  return {
    region,
    cloudFormation: {
      main: new CloudFormationClient({ region }),
      edge: new CloudFormationClient({ region: EDGE_REGION }),
    },
    lambda,
    serviceQuotas: new ServiceQuotasClient({ region }),
    ses: new SESv2Client({ region }),
    secrets: new SecretsManagerClient({ region }),
    acm: new ACMClient({ region: EDGE_REGION }),
  };
}

/** AWS's "no such thing" answers, which a check decides on; any other error is the check's failure. */
const NOT_FOUND = new Set(['NotFoundException', 'ResourceNotFoundException']);
const isNotFound = (error: unknown): boolean => {
  const { name, message } = (error ?? {}) as { name?: string; message?: string };
  // CloudFormation answers a missing stack with a ValidationError saying so.
  return NOT_FOUND.has(name ?? '') || (name === 'ValidationError' && /does not exist/.test(message ?? ''));
};

/** The answer, or undefined when AWS says there is no such thing. */
async function unlessMissing<T>(call: Promise<T>): Promise<T | undefined> {
  try {
    return await call;
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

/** A check whose call failed otherwise (no permission, throttled...) fails with the error. */
async function guarded(name: string, check: () => Promise<CheckResult>): Promise<CheckResult> {
  try {
    return await check();
  } catch (error) {
    const { name: code, message } = error as { name?: string; message?: string };
    return {
      name,
      ok: false,
      detail: `${code ?? 'Error'}: ${message ?? String(error)}`,
      fix: 'run it with credentials that may make read-only calls in the account (e.g. ReadOnlyAccess)',
    };
  }
}

async function bootstrap(client: CloudFormationClient, region: string): Promise<CheckResult> {
  return guarded(`CDK bootstrap in ${region}`, async () => {
    const answer = await unlessMissing(
      client.send(new DescribeStacksCommand({ StackName: BOOTSTRAP_STACK })),
    );
    return bootstrapCheck(region, answer?.Stacks?.[0]);
  });
}

async function concurrency(clients: PreflightClients, settings: DeploySettings): Promise<CheckResult> {
  return guarded('Lambda concurrency quota', async () => {
    const account = await clients.lambda.send(new GetAccountSettingsCommand({}));
    const history = await clients.serviceQuotas.send(
      new ListRequestedServiceQuotaChangeHistoryByQuotaCommand({ ...CONCURRENCY_QUOTA }),
    );
    const pending = history.RequestedQuotas?.find((request) =>
      ['PENDING', 'CASE_OPENED'].includes(request.Status ?? ''),
    );
    return concurrencyCheck(account, concurrencyQuotaNeeded(settings.reservedConcurrency), pending);
  });
}

async function ses(clients: PreflightClients, settings: DeploySettings): Promise<CheckResult[]> {
  const { region } = clients;
  const account = guarded(`SES sending in ${region}`, async () =>
    sesAccountCheck(region, await clients.ses.send(new GetAccountCommand({}))),
  );
  const identity = guarded(`SES identity of ${settings.mailIdentities[0]} in ${region}`, async () => {
    const found = await Promise.all(
      settings.mailIdentities.map((EmailIdentity) =>
        unlessMissing(clients.ses.send(new GetEmailIdentityCommand({ EmailIdentity }))),
      ),
    );
    return sesIdentityCheck(region, settings.mailIdentities, found);
  });
  return Promise.all([account, identity]);
}

async function certificate(clients: PreflightClients, settings: DeploySettings): Promise<CheckResult> {
  return guarded('CloudFront certificate', async () => {
    const arn = settings.certificateArn;
    const inEdgeRegion = arn !== undefined && arn.split(':')[3] === EDGE_REGION;
    const answer = inEdgeRegion
      ? await unlessMissing(clients.acm.send(new DescribeCertificateCommand({ CertificateArn: arn })))
      : undefined;
    return certificateCheck(arn, settings.siteDomain, answer?.Certificate);
  });
}

/** The secrets the operator creates (the generated ones only when a setting names one instead). */
export function operatorSecrets(settings: DeploySettings): { name: string; create: string }[] {
  const create = (name: string, value: string) =>
    `aws secretsmanager create-secret --name ${name} --secret-string '${value}'`;
  const { secrets } = settings;
  return [
    { name: secrets.stripeSecretKey, create: create(secrets.stripeSecretKey, 'sk_live_...') },
    {
      name: secrets.stripeWebhookSecret,
      create: create(secrets.stripeWebhookSecret, 'whsec_... (npm run stripe:setup)'),
    },
    {
      name: secrets.stripeConnectWebhookSecret,
      create: create(secrets.stripeConnectWebhookSecret, 'whsec_... (npm run stripe:setup)'),
    },
    { name: secrets.captchaSecret, create: create(secrets.captchaSecret, '<reCAPTCHA v3 secret key>') },
    ...[secrets.pagingTokenSecret, secrets.originVerifySecret]
      .filter((name): name is string => name !== undefined)
      .map((name) => ({ name, create: create(name, '<at least 16 random characters>') })),
  ];
}

async function secretsExist(clients: PreflightClients, settings: DeploySettings): Promise<CheckResult[]> {
  return Promise.all(
    operatorSecrets(settings).map(({ name, create }) =>
      guarded(`secret ${name}`, async () =>
        secretCheck(
          name,
          create,
          await unlessMissing(clients.secrets.send(new DescribeSecretCommand({ SecretId: name }))),
        ),
      ),
    ),
  );
}

/** Every check, in the order of the deploy guide's checklist. */
export async function runPreflight(
  clients: PreflightClients,
  settings: DeploySettings,
): Promise<CheckResult[]> {
  const regions = clients.region === EDGE_REGION ? [clients.region] : [clients.region, EDGE_REGION];
  const bootstraps = regions.map((region) =>
    bootstrap(region === EDGE_REGION ? clients.cloudFormation.edge : clients.cloudFormation.main, region),
  );
  return [
    ...(await Promise.all(bootstraps)),
    await concurrency(clients, settings),
    ...(await ses(clients, settings)),
    await certificate(clients, settings),
    ...(await secretsExist(clients, settings)),
  ];
}

/** What no call can see, for the operator to do by hand (docs/deploy.md). */
export const NOT_CHECKED = [
  'Stripe Connect (Express) is enabled on the platform account (Stripe Dashboard, Connect)',
  'a real, unverified address receives the app’s mail (the smoke test mails SES’s simulator)',
  'DNS: siteDomain points at the distribution (an apex outside Route 53 needs ALIAS/ANAME or CNAME flattening)',
];

/** The report: a line per check, what to do under each failure, then what was not checked. */
export function formatReport(results: readonly CheckResult[]): string {
  const lines = results.flatMap((result) => [
    `${result.ok ? 'PASS' : 'FAIL'}  ${result.name}: ${result.detail}`,
    ...(result.ok || !result.fix ? [] : [`      to do: ${result.fix}`]),
  ]);
  const failed = results.filter((result) => !result.ok).length;
  return [
    ...lines,
    '',
    'Not checked here (do them by hand):',
    ...NOT_CHECKED.map((item) => `  - ${item}`),
    '',
    failed === 0 ? 'All prerequisites found.' : `${failed} prerequisite(s) missing.`,
  ].join('\n');
}
