/**
 * The whole product on this machine, as deployed: the CDK app synthesized with local settings, every
 * stand-in created from the templates (tables, buckets, user pool, triggers, routes), and each function
 * run from its template in its own worker with only its own environment and credentials, its AWS calls
 * checked against its own IAM policy. `npm start`, the tests and the benchmarks start it here.
 */
import path from 'node:path';
import {
  LOCAL_ACCOUNT,
  LOCAL_MAIL_IDENTITY,
  LOCAL_SECRETS,
  localDeploySettings,
  operatorSecrets,
  type LocalPorts,
} from './config';
import type { Assembly } from '@shutterlane/aws-standins/cloudformation/assembly';
import { TemplateResolver } from '@shutterlane/aws-standins/cloudformation/resolver';
import { synthesizeLocally, pruneSynthCache } from './deployment/synthesize';
import {
  functionEnvironment,
  localIssuer,
  localRuntimeConfig,
  type LocalEndpoints,
} from './deployment/overlay';
import type { LocalFunctionDef } from './functions/definitions';
import { identityStore } from './functions/credentials';
import { appFunctionNames, bundleFunctions } from './functions/bundle';
import type { FunctionName } from '../../infra/constructs/function-access';
import { FunctionHost, type FunctionHostOptions } from './functions/host';
import type { InvocationOutcome } from './functions/protocol';
import { startGateway } from './gateway';
import type { WebServerOptions } from './web-dev-server';
import { cloudFrontIdentity, startLocalEdge } from './edge/local-edge';
import { customMessageMail, runPreSignUp } from './auth-triggers';
import { bucketNotifier } from './s3-notifications';
import { OPERATOR, operatorEnvironment, readDeployment } from './deployment/deployment';
import { startCaptcha, type CaptchaStandIn } from './captcha/captcha';
import { startContentApi } from './content/server';
import { LOCAL_CONTENT } from '../../content/authoring/dataset-settings';
import { startCognito, type CodeDelivery } from '@shutterlane/aws-standins/cognito/cognito';
import { startDynamo } from '@shutterlane/aws-standins/dynamodb/dynamodb';
import { startMailOutbox } from '@shutterlane/aws-standins/mail/mail';
import { startS3 } from '@shutterlane/aws-standins/s3/s3';
import { startSecretsManager } from '@shutterlane/aws-standins/secrets-manager/secrets-manager';
import { SecretStore } from '@shutterlane/aws-standins/secrets-manager/secrets-manager-store';
import { startQueuedInvocations } from './functions/sqs-lambda';
import { templateSecrets } from '@shutterlane/aws-standins/secrets-manager/secrets-manager-templates';
import { authorizeIamCall } from '@shutterlane/aws-standins/cognito/sigv4-cognito';
import { startStripeEmulator } from '@shutterlane/stripe-emulator';
import { startScheduler, type LocalScheduler } from '@shutterlane/aws-standins/scheduler/scheduler';
import { setUpLocalStripe } from './stripe-setup';
import { API_BASE } from '../../shared/contract/route-paths';
import { routes } from '../../shared/contract/routes';

export interface LocalStackOptions {
  ports: LocalPorts;
  dataDir: string;
  /** Serve the SPA (npm start, e2e); off for API-only tests. */
  web?: boolean;
  /**
   * How: Vite's dev server (the default; `npm run dev`) or a production build behind a preview server
   * (`npm start` and the end-to-end run: the bundle a deployment ships, under the policy CloudFront sends).
   */
  webServer?: 'dev' | 'preview';
  /** Extra VITE_* settings for the SPA (e2e: test analytics ids, flags). */
  webEnv?: Record<string, string>;
  /** Score the captcha stub gives tokens (default 0.9). */
  captchaScore?: number;
  /**
   * Where the DynamoDB stand-in keeps its tables: in the data folder, so a later start finds them (the
   * default), or in memory, for a stack that is never started again on its folder (the suites' shared
   * stacks): the same answers for about 40% less CPU a call.
   */
  tables?: 'data-folder' | 'memory';
  /** How far eventually consistent DynamoDB reads lag the writes (default DYNAMO_READ_LAG_MS or 200 ms). */
  readLagMs?: number;
  /** Log each part as it starts. */
  log?: (line: string) => void;
  /** Sees each function's output (its logs), e.g. for a test that expects a function to fail. */
  onFunctionOutput?: FunctionHostOptions['onOutput'];
  /**
   * Changes the synthesized templates before anything is read from them: a test takes a grant or a
   * setting away to show the stack refuses what AWS would refuse.
   */
  alterTemplates?: (assembly: Assembly) => void;
  /** Settings over the local ones (the test suites raise the WAF rate limits). */
  deploySettings?: Record<string, string>;
  /** Told of every invocation, by the function's ARN (the bench counts what a request costs). */
  onInvocation?: (functionArn: string) => void;
  /**
   * How the templates' scheduled rules fire: as the minutes pass (`npm start`), or only when a test moves
   * the scheduler's clock (`scheduler.advanceTo`), the default, so no run lands in the middle of a test.
   */
  schedules?: 'real-time' | 'on-demand';
}

export interface LocalStack {
  urls: {
    app: string;
    /** The API through the local edge (CloudFront), as every client reaches it. */
    api: string;
    /** The gateway itself, without the edge: only tests that go around CloudFront use it. */
    gateway: string;
    mailbox: string;
    dynamo: string;
    s3: string;
    cognito: string;
    cognitoOAuth: string;
    stripe: string;
    captcha: string;
    content: string;
    sqs: string;
  };
  captcha: CaptchaStandIn;
  cognito: { userPoolId: string; clientId: string; spkiSha256: string };
  /** The environment an operator (seed, tests, invite) works in: names, endpoints, admin credentials. */
  operatorEnv: Record<string, string>;
  functions: LocalFunctionDef[];
  /**
   * The whole environment this stack gives an execution environment of the function named (Lambda's
   * variables, its template's, the stand-ins' endpoints and its own credentials), with its code in
   * `taskRoot`: what a process standing for that function needs (the cold-start benchmark starts one).
   */
  functionEnvironment(name: FunctionName, taskRoot: string): Record<string, string>;
  /** Invokes the function named with `event`, as Lambda does for a caller with the right to. */
  invokeFunction(name: FunctionName, event: unknown): Promise<InvocationOutcome>;
  /** The templates' scheduled rules (EventBridge), and their clock (see `schedules`). */
  scheduler: Pick<LocalScheduler, 'rules' | 'now' | 'advanceTo'>;
  /** `/runtime-config.json` as the SPA reads it here. */
  runtimeConfig: Record<string, unknown>;
  stop(): Promise<void>;
}

type Stoppable = { stop(): Promise<void> };

/** The SPA's settings for the stand-ins at these addresses. */
function webAppEnv(urls: { captcha: string; content: string }, extra: Record<string, string> = {}) {
  return {
    VITE_CAPTCHA_SITE_KEY: LOCAL_SECRETS.captchaSiteKey,
    VITE_CAPTCHA_SCRIPT_URL: `${urls.captcha}/recaptcha/api.js`,
    VITE_SANITY_API_HOST: urls.content,
    VITE_SANITY_PROJECT_ID: LOCAL_CONTENT.projectId,
    VITE_SANITY_DATASET: LOCAL_CONTENT.dataset,
    ...extra,
  };
}

/**
 * The web app's production build, started before any stand-in: the stand-ins it names listen on the
 * ports given (a port of 0, chosen when the stand-in starts, leaves the build to the preview server).
 */
function earlyWebBuild(ports: LocalPorts, extra: Record<string, string> | undefined) {
  if (!ports.captcha || !ports.content) return undefined;
  const at = (port: number) => `http://localhost:${port}`;
  return import('./web-preview-server').then(({ buildWebApp }) =>
    buildWebApp(webAppEnv({ captcha: at(ports.captcha), content: at(ports.content) }, extra)),
  );
}

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const { ports, dataDir } = options;
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const log = options.log ?? (() => undefined);
  const started: Stoppable[] = [];
  const track = <T extends Stoppable>(service: T, name: string): T => {
    started.push(service);
    log(`${name} ready`);
    return service;
  };
  const stop = async () => {
    await Promise.allSettled(started.reverse().map((s) => s.stop()));
  };

  // The bundles depend only on the sources, the web app's build on the sources and the ports: both are
  // made (or reused) while the app is synthesized and the stand-ins start.
  const bundling = bundleFunctions(appFunctionNames());
  bundling.catch(() => undefined);
  const preview = options.web && options.webServer === 'preview';
  const webBuild = preview ? earlyWebBuild(ports, options.webEnv) : undefined;
  webBuild?.catch(() => undefined);
  const assembly = await synthesizeLocally({ ...localDeploySettings(ports), ...options.deploySettings });
  options.alterTemplates?.(assembly);
  void pruneSynthCache();
  log('CDK app synthesized');
  // Secrets Manager's contents: the secrets the templates create now, the operator's once Stripe is set up.
  const secrets = new SecretStore(LOCAL_ACCOUNT);
  const resolver = new TemplateResolver(assembly, LOCAL_ACCOUNT, (id) => secrets.valueOf(id));
  for (const secret of templateSecrets(resolver, secrets.arnPrefix)) secrets.add(secret);
  const appOrigin = `http://localhost:${ports.app}`;
  let host: FunctionHost | undefined;
  const invoke = (arn: string, event: unknown) => {
    if (!host) throw new Error('The functions are not running yet');
    options.onInvocation?.(arn);
    return host.invoke(arn, event);
  };
  let deliverCode: (code: CodeDelivery) => Promise<void> = async () => undefined;

  try {
    const stripe = track(
      await startStripeEmulator({
        port: ports.stripe,
        dataDir: path.join(dataDir, 'stripe'),
        secretKey: LOCAL_SECRETS.stripeSecretKey,
        // As a new Stripe account: the portal configuration comes from npm run stripe:setup.
        dashboardPortalSettings: 'none',
      }),
      'Stripe emulator',
    );
    // As an operator before deploying: the webhook endpoints made, then every named secret stored.
    const madeSecrets = await setUpLocalStripe(stripe, {
      // Through the edge, as Stripe reaches the site's URL in AWS.
      webhook: `http://localhost:${ports.edge}${API_BASE}${routes.stripeWebhook.path}`,
      site: appOrigin,
    });
    for (const [name, value] of Object.entries(operatorSecrets(madeSecrets))) secrets.add({ name, value });
    log('Stripe set up (webhook endpoints, portal configuration)');
    const deployment = readDeployment(resolver);
    // CloudFront reads the derived bucket's previews as itself (origin access control).
    const cloudFront = cloudFrontIdentity(resolver);
    const identities = identityStore([OPERATOR, cloudFront, ...deployment.identities]);
    const identityOf = new Map(deployment.functions.map((fn, i) => [fn.arn, deployment.identities[i]!]));
    // The templates' queues, and Lambda's asynchronous invocations (S3 → resize, with its retries and
    // on-failure records) and SQS event sources; the pollers start once the functions run.
    const queued = track(
      await startQueuedInvocations({
        resolver,
        functions: deployment.functions,
        identityOf: (arn) => identityOf.get(arn)!,
        identities,
        invoke,
        port: ports.sqs,
        dataDir,
      }),
      'SQS (IAM-checked) and asynchronous invocations',
    );
    const [dynamo, s3, cognito, captcha, mail, content, secretsManager] = await Promise.all([
      startDynamo({
        port: ports.dynamo,
        ...(options.tables !== 'memory' && { dataDir: path.join(dataDir, 'dynamodb') }),
        tablePrefix: '',
        tables: deployment.tables,
        identities,
        ...(options.readLagMs !== undefined && { readLagMs: options.readLagMs }),
      }).then((s) => track(s, 'DynamoDB (dynalite, IAM-checked, eventually consistent reads)')),
      startS3({
        port: ports.s3,
        dataDir: path.join(dataDir, 's3'),
        buckets: deployment.buckets,
        corsOrigins: [],
        identities,
        onObjectCreated: bucketNotifier(deployment.notifications, queued.invokeAsync),
      }).then((s) => track(s, 'S3 (s3rver, signatures and IAM checked)')),
      startCognito({
        port: ports.cognito,
        dataDir,
        userPool: deployment.userPool.userPool,
        appClient: deployment.userPool.appClient,
        authorizeIamCall: (call) => authorizeIamCall(identities, call),
        onCode: (code) => deliverCode(code),
        preSignUp: runPreSignUp(invoke, deployment.userPool.triggers),
      }).then((s) => track(s, 'Cognito (user pool, SRP and hosted sign-in, IAM-checked admin calls)')),
      startCaptcha({
        port: ports.captcha,
        siteKey: LOCAL_SECRETS.captchaSiteKey,
        secret: LOCAL_SECRETS.captchaSecret,
        ...(options.captchaScore !== undefined && { score: options.captchaScore }),
      }).then((s) => track(s, 'reCAPTCHA stub')),
      startMailOutbox({
        port: ports.mail,
        dataDir,
        identities,
        verifiedIdentities: [LOCAL_MAIL_IDENTITY],
      }).then((s) => track(s, 'Mail outbox (IAM-checked)')),
      startContentApi({ port: ports.content, ...LOCAL_CONTENT }).then((s) =>
        track(s, 'Content API (bundled dataset)'),
      ),
      startSecretsManager({ port: ports.secretsManager, identities, secrets }).then((s) =>
        track(s, 'Secrets Manager (IAM-checked)'),
      ),
    ]);
    const endpoints: LocalEndpoints = {
      dynamodb: dynamo.url,
      s3: s3.url,
      cognito: cognito.url,
      ses: mail.url,
      stripe: stripe.url,
      captchaVerify: `${captcha.url}/recaptcha/api/siteverify`,
      secretsManager: secretsManager.url,
      sqs: queued.sqs.url,
    };
    const environmentOf = (definition: LocalFunctionDef, taskRoot: string) =>
      functionEnvironment(definition, {
        taskRoot,
        region: LOCAL_ACCOUNT.region,
        endpoints,
        identity: identityOf.get(definition.arn)!,
      });
    const bundles = await bundling;
    host = track(
      new FunctionHost(deployment.functions, {
        runtime: bundles.runtime,
        taskRoot: (definition) => bundles.taskRoot(definition.name),
        ...(options.onFunctionOutput && { onOutput: options.onFunctionOutput }),
        environment: (definition) => environmentOf(definition, bundles.taskRoot(definition.name)),
      }),
      `Functions (${deployment.functions.length}, each in its own worker; ${bundles.reused ? 'bundles kept from an earlier start' : 'bundled'})`,
    );
    await queued.startPolling();
    log('SQS event source mappings polling');
    const scheduler = track(
      startScheduler({
        rules: deployment.schedules,
        account: LOCAL_ACCOUNT.accountId,
        region: LOCAL_ACCOUNT.region,
        invoke,
        realTime: options.schedules === 'real-time',
        log,
      }),
      `EventBridge schedules (${deployment.schedules.length} rules, ${options.schedules ?? 'on-demand'})`,
    );
    const operatorEnv = operatorEnvironment(deployment.functions, endpoints);
    // This process is the operator: the demo seed and `npm run invite` use these.
    Object.assign(process.env, operatorEnv);
    const mailFor = customMessageMail(invoke, deployment.userPool.triggers, LOCAL_ACCOUNT.region);
    deliverCode = async (code) => {
      await mail.deliver(await mailFor(code));
    };

    const gateway = track(
      await startGateway({
        port: ports.gateway,
        api: deployment.api,
        apiId: 'local',
        accountId: LOCAL_ACCOUNT.accountId,
        invoke,
        issuers: (issuer) => localIssuer(issuer, cognito.url),
        onFunctionError: (route, outcome) =>
          console.error(`[${route.routeKey}] ${outcome.errorType}: ${outcome.errorMessage}`),
      }),
      'API gateway',
    );
    const edge = track(
      await startLocalEdge(resolver, {
        port: ports.edge,
        origin: new URL(gateway.url).origin,
        s3Url: s3.url,
        identity: cloudFront,
        log,
      }),
      'Edge (origin-verify header, WAF rate rules, /previews from the bucket, from the templates)',
    );
    // CloudFront's path to the API, which the edge passes on to the gateway's stage unchanged.
    const apiUrl = `${edge.url}${API_BASE}`;

    const runtimeConfig = localRuntimeConfig(deployment.runtimeConfig, cognito);
    let appUrl = appOrigin;
    if (options.web) {
      const { localSiteOrigins, startWebDevServer } = await import('./web-dev-server');
      const { startWebPreviewServer } = await import('./web-preview-server');
      const serve = preview
        ? (web: WebServerOptions) => startWebPreviewServer(web, webBuild)
        : startWebDevServer;
      const web = track(
        await serve({
          port: ports.app,
          // `/api` goes through the edge, as CloudFront sends it to the API.
          gatewayOrigin: edge.url,
          runtimeConfig,
          env: webAppEnv({ captcha: captcha.url, content: content.url }, options.webEnv),
          siteOrigins: localSiteOrigins({
            cognito: cognito.url,
            cognitoOAuth: cognito.oauthUrl,
            s3: s3.url,
            captcha: captcha.url,
            content: content.url,
          }),
        }),
        preview ? 'Web app (production build, vite preview)' : 'Web app (Vite)',
      );
      appUrl = web.url;
    }

    return {
      urls: {
        app: appUrl,
        api: apiUrl,
        gateway: gateway.url,
        mailbox: mail.url,
        dynamo: dynamo.url,
        s3: s3.url,
        cognito: cognito.url,
        cognitoOAuth: cognito.oauthUrl,
        stripe: stripe.url,
        captcha: captcha.url,
        content: content.url,
        sqs: queued.sqs.url,
      },
      captcha,
      cognito: { userPoolId: cognito.userPoolId, clientId: cognito.clientId, spkiSha256: cognito.spkiSha256 },
      operatorEnv,
      functions: deployment.functions,
      functionEnvironment: (name, taskRoot) => {
        const definition = deployment.functions.find((fn) => fn.name === name);
        if (!definition) throw new Error(`No app function is named ${name}`);
        return environmentOf(definition, taskRoot);
      },
      invokeFunction: (name, event) => {
        const definition = deployment.functions.find((fn) => fn.name === name);
        if (!definition) throw new Error(`No app function is named ${name}`);
        return invoke(definition.arn, event);
      },
      scheduler,
      runtimeConfig,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
