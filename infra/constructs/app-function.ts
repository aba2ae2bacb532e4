/**
 * One Lambda function of the app with the defaults fixed once (Node.js 22, ARM64, ESM bundle,
 * log group with retention) and its access bound from FUNCTION_ACCESS: for each table and bucket
 * the environment variable and the grant are set together.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AssetHashType, DockerImage, Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import {
  Architecture,
  Code,
  Function as LambdaFunction,
  Runtime,
  Tracing,
  type CfnFunction,
} from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { buildSync, type BuildOptions } from 'esbuild';
import { BUCKETS, QUEUES, TABLES, type QueueName, type TableName } from '#shared/platform/storage-layout';
import {
  BUCKET_ACTIONS,
  FUNCTION_ACCESS,
  QUEUE_SEND_ACTIONS,
  tableActionsOf,
  type BucketAccess,
  type BucketName,
  type FunctionAccess,
  type FunctionName,
} from './function-access';
import { configBinding, type RuntimeConfigSources } from './runtime-config';

/** The repository root: the esbuild project root and the home of package-lock.json. */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** esbuild's ESM output has no `require`; bundled CommonJS (e.g. `node:https` users) needs one. */
export const ESM_REQUIRE_BANNER =
  "import{createRequire}from'module';const require=createRequire(import.meta.url);";

/**
 * Packages the bundles take from a file of ours instead (esbuild's `alias`; paths from the repository
 * root, the bundler's working directory): the SDK clients' default credential chain becomes the
 * environment's credentials alone, which is where Lambda puts the role's session (see the file).
 */
export const LAMBDA_ALIASES: Readonly<Record<string, string>> = {
  '@aws-sdk/credential-provider-node': './functions/lib/lambda-credentials.ts',
};

/** Lambda's Node.js 22, which AppFunction deploys on. */
const LAMBDA_TARGET = 'node22';

/**
 * Every function's esbuild options, for the deployment (AppFunction below), the local stack and the
 * benchmark: one ESM package per function, split into chunks (`index.mjs`, the entry Lambda imports,
 * and `chunks/*.mjs`), so code reached only through a dynamic `import()` (a group's route modules, the
 * Stripe SDK) loads only when that route or path runs; without splitting esbuild inlines it. The
 * function's native `nodeModules` stay outside, installed beside the package. Build with `outdir` and
 * the entry point named `index`.
 */
export function lambdaEsbuildOptions(nodeModules: readonly string[]): BuildOptions {
  return {
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: LAMBDA_TARGET,
    mainFields: ['module', 'main'],
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    banner: { js: ESM_REQUIRE_BANNER },
    minify: true,
    // Shipped beside each file (index.mjs.map...) to read logged stack positions back; not loaded.
    sourcemap: 'linked',
    sourcesContent: false,
    external: [...nodeModules],
    alias: Object.fromEntries(
      Object.entries(LAMBDA_ALIASES).map(([name, file]) => [name, join(REPO_ROOT, file)]),
    ),
  };
}

/**
 * Template metadata naming the app function a Lambda resource runs: the local stack finds each
 * function's code by it (other Lambda resources, such as CDK's custom-resource handlers, have none).
 */
export const FUNCTION_METADATA_KEY = 'Shutterlane::Function';

/** Where a function's handler lives: `functions/<name>/index.ts`, exporting `handler`. */
export type EntryResolver = (name: FunctionName) => string;
export const repoEntry: EntryResolver = (name) => join(REPO_ROOT, 'functions', name, 'index.ts');

export interface FunctionResources extends RuntimeConfigSources {
  tables: Record<TableName, ITable>;
  buckets: Record<BucketName, IBucket>;
  /** The background jobs' queues (the media stack's); needed only by functions that send to one. */
  queues?: Record<QueueName, IQueue>;
  entry: EntryResolver;
}

export interface AppFunctionProps {
  name: FunctionName;
  resources: FunctionResources;
  /**
   * Packages installed next to the bundle instead of bundled (native binaries esbuild cannot
   * inline, like sharp's). They are installed for Lambda's platform, not the build machine's.
   * Defaults to the function's FUNCTION_ACCESS entry.
   */
  nodeModules?: string[];
  /**
   * Executions reserved for this function alone (and its ceiling), so other functions cannot take the
   * account's concurrency from it. Unset: it shares the account's unreserved pool.
   */
  reservedConcurrency?: number;
}

/** AppFunction's props for a reservation setting: 0 reserves nothing (settings.ts ReservedConcurrency). */
export const reservationOf = (count: number): Pick<AppFunctionProps, 'reservedConcurrency'> =>
  count > 0 ? { reservedConcurrency: count } : {};

const DEFAULT_MEMORY_MB = 512;
const DEFAULT_TIMEOUT_SECONDS = 10;

/**
 * npm settings for installing `nodeModules`: Lambda's platform (linux, arm64, glibc) so sharp's
 * matching prebuilt binary is fetched, and the local npm cache first, so synthesis needs the
 * registry only the first time those packages are fetched on a machine.
 */
const LAMBDA_PLATFORM_NPM_ENV = {
  npm_config_os: 'linux',
  npm_config_cpu: 'arm64',
  npm_config_libc: 'glibc',
  npm_config_prefer_offline: 'true',
};

export class AppFunction extends Construct {
  readonly handler: LambdaFunction;
  private readonly access: FunctionAccess;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    this.access = FUNCTION_ACCESS[props.name];
    const nodeModules = [...(props.nodeModules ?? this.access.nodeModules ?? [])];
    const bundledFolders = this.access.bundledFolders ?? [];
    const logGroup = new LogGroup(this, 'Logs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const entry = props.resources.entry(props.name);
    this.handler = new LambdaFunction(this, 'Handler', {
      description: this.access.description,
      code: Code.fromAsset(dirname(entry), {
        // The package's own content names it: the entry's folder alone would miss changes in lib/.
        assetHashType: AssetHashType.OUTPUT,
        bundling: {
          // Never used: local bundling always answers, and fails loudly rather than fall back to Docker.
          image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:22'),
          local: {
            tryBundle: (outputDir) => bundleFunction({ entry, nodeModules, bundledFolders }, outputDir),
          },
        },
      }),
      handler: 'index.handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: this.access.memorySize ?? DEFAULT_MEMORY_MB,
      timeout: Duration.seconds(this.access.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS),
      logGroup,
      // Active X-Ray tracing; Powertools names the function's logs, metrics and traces by its app name.
      tracing: Tracing.ACTIVE,
      ...(props.reservedConcurrency !== undefined && {
        reservedConcurrentExecutions: props.reservedConcurrency,
      }),
      // No NODE_OPTIONS=--enable-source-maps: with it, the first stack trace a process makes (the Stripe
      // SDK makes one on every request) parses the whole bundle's source map, about 125 ms of CPU at a
      // cold start (bench/cold-start/cold-start.ts). Logged stacks name positions in index.mjs and its chunks; the
      // source maps shipped beside them (*.mjs.map) read them back.
      environment: { POWERTOOLS_SERVICE_NAME: props.name },
    });
    (this.handler.node.defaultChild as CfnFunction).addMetadata(FUNCTION_METADATA_KEY, props.name);
    this.bindTables(props.resources.tables);
    this.bindBuckets(props.resources.buckets);
    this.bindQueues(props.resources.queues);
    this.bindConfig(props.resources);
    this.grantCognito(props.resources);
  }

  /** All names when any table is used (env.ts reads them as one group); grants only as listed. */
  private bindTables(tables: Record<TableName, ITable>): void {
    if (Object.keys(this.access.tables).length === 0) return;
    for (const name of Object.keys(TABLES) as TableName[]) {
      this.handler.addEnvironment(TABLES[name].envVar, tables[name].tableName);
      const level = this.access.tables[name];
      const actions = level ? tableActionsOf(this.access, level) : [];
      // On the table and its indexes.
      if (actions.length > 0) tables[name].grant(this.handler, ...actions);
    }
  }

  private bindBuckets(buckets: Record<BucketName, IBucket>): void {
    if (Object.keys(this.access.buckets).length === 0) return;
    for (const name of Object.keys(BUCKETS) as BucketName[]) {
      this.handler.addEnvironment(BUCKETS[name].envVar, buckets[name].bucketName);
      for (const level of this.access.buckets[name] ?? []) grantBucket(buckets[name], level, this.handler);
    }
  }

  /** Every queue's URL when any queue is used (env.ts reads them as one group); sends only as listed. */
  private bindQueues(queues: Record<QueueName, IQueue> | undefined): void {
    const access = this.access.queues ?? {};
    if (Object.keys(access).length === 0) return;
    if (!queues) throw new Error('This function sends to a queue: its stack needs the queues');
    for (const name of Object.keys(QUEUES) as QueueName[]) {
      this.handler.addEnvironment(QUEUES[name].envVar, queues[name].queueUrl);
      // Only SendMessage (grantSendMessages adds GetQueueAttributes and GetQueueUrl, never called).
      if (access[name]?.includes('send')) queues[name].grant(this.handler, ...QUEUE_SEND_ACTIONS);
    }
  }

  private bindConfig(resources: FunctionResources): void {
    for (const concern of this.access.config) {
      const binding = configBinding(this, concern, resources);
      for (const [key, value] of Object.entries(binding.environment)) this.handler.addEnvironment(key, value);
      binding.grant?.(this.handler);
    }
  }

  private grantCognito(resources: FunctionResources): void {
    const actions = this.access.cognitoActions ?? [];
    if (actions.length === 0) return;
    if (!resources.cognito) throw new Error('Cognito admin actions need the user pool');
    resources.cognito.userPool.grant(this.handler, ...actions);
  }
}

/** The level's actions only (CDK's grantRead/grantPut/grantDelete add wildcards the code never needs). */
function grantBucket(bucket: IBucket, level: BucketAccess, fn: LambdaFunction): void {
  const { objects, bucket: onBucket } = BUCKET_ACTIONS[level];
  fn.addToRolePolicy(new PolicyStatement({ actions: objects, resources: [bucket.arnForObjects('*')] }));
  if (onBucket.length > 0)
    fn.addToRolePolicy(new PolicyStatement({ actions: onBucket, resources: [bucket.bucketArn] }));
}

/**
 * Builds one function's package into `outputDir` as the CDK's local bundling (CDK's NodejsFunction
 * cannot split a bundle: it passes esbuild one --outfile): the split bundle, the repository folders it
 * reads copied at the same relative path, and its native packages installed for Lambda's platform at
 * the lockfile's versions. Answers true: a failure throws, never falls back to a Docker build.
 */
export function bundleFunction(
  fn: { entry: string; nodeModules: readonly string[]; bundledFolders: readonly string[] },
  outputDir: string,
): boolean {
  buildSync({
    ...lambdaEsbuildOptions(fn.nodeModules),
    entryPoints: [{ in: fn.entry, out: 'index' }],
    outdir: outputDir,
    absWorkingDir: REPO_ROOT,
    logLevel: 'error',
  });
  for (const folder of fn.bundledFolders) {
    mkdirSync(dirname(join(outputDir, folder)), { recursive: true });
    cpSync(join(REPO_ROOT, folder), join(outputDir, folder), { recursive: true });
  }
  if (fn.nodeModules.length > 0) installNodeModules(fn.nodeModules, outputDir);
  return true;
}

/** `npm install` of the named packages at the versions package-lock.json pins, for Lambda's platform. */
function installNodeModules(names: readonly string[], outputDir: string): void {
  const lock = JSON.parse(readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string }>;
  };
  const dependencies = Object.fromEntries(
    names.map((name) => {
      const version = lock.packages[`node_modules/${name}`]?.version;
      if (!version) throw new Error(`${name} is not in package-lock.json`);
      return [name, version];
    }),
  );
  writeFileSync(join(outputDir, 'package.json'), JSON.stringify({ type: 'module', dependencies }));
  execFileSync('npm', ['install', '--omit=dev', '--no-audit', '--no-fund'], {
    cwd: outputDir,
    env: { ...process.env, ...LAMBDA_PLATFORM_NPM_ENV },
    stdio: 'inherit',
  });
}

/** Whether a function's entry exists; optional functions are only deployed once written. */
export function entryExists(resources: Pick<FunctionResources, 'entry'>, name: FunctionName): boolean {
  return existsSync(resources.entry(name));
}
