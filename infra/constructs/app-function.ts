/**
 * One Lambda function of the app with the defaults fixed once (Node.js 22, ARM64, ESM bundle,
 * log group with retention) and its access bound from FUNCTION_ACCESS: for each table and bucket
 * the environment variable and the grant are set together.
 */
import { existsSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Architecture, Runtime, Tracing, type CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { BuildOptions } from 'esbuild';
import { BUCKETS, TABLES, type TableName } from '../../functions/lib/storage-layout';
import {
  FUNCTION_ACCESS,
  type BucketAccess,
  type BucketName,
  type FunctionAccess,
  type FunctionName,
  type TableAccess,
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

/**
 * How every function's bundle is built: one source for the CDK's bundling (AppFunction below) and for
 * the benchmark, which builds the same bundles to weigh and start them (lambdaEsbuildOptions).
 */
export const LAMBDA_BUNDLING = {
  format: OutputFormat.ESM,
  target: 'node22',
  mainFields: ['module', 'main'],
  banner: ESM_REQUIRE_BANNER,
  minify: true,
  sourceMap: true,
  sourcesContent: false,
  // The lockfile pins the SDK we test against; the runtime's built-in copy may differ.
  bundleAwsSDK: true,
  esbuildArgs: {
    '--alias': Object.entries(LAMBDA_ALIASES).map(([name, file]) => `${name}=${file}`),
  },
} as const satisfies BundlingOptions;

/**
 * The esbuild options the CDK passes for LAMBDA_BUNDLING (its `--bundle --platform=node --format
 * --target --minify --sourcemap --sources-content --external --banner --main-fields --alias` flags), for a
 * function whose native `nodeModules` stay outside the bundle: what a deployment runs, built locally.
 */
export function lambdaEsbuildOptions(nodeModules: readonly string[]): BuildOptions {
  return {
    bundle: true,
    platform: 'node',
    format: LAMBDA_BUNDLING.format,
    target: LAMBDA_BUNDLING.target,
    mainFields: [...LAMBDA_BUNDLING.mainFields],
    banner: { js: LAMBDA_BUNDLING.banner },
    minify: LAMBDA_BUNDLING.minify,
    sourcemap: LAMBDA_BUNDLING.sourceMap,
    sourcesContent: LAMBDA_BUNDLING.sourcesContent,
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

const DEFAULT_MEMORY_MB = 512;
const DEFAULT_TIMEOUT_SECONDS = 10;

/**
 * Item-level actions only, on the table and its indexes. Narrower than grantReadData, which also
 * allows Scan and stream reads: every access pattern here is a key lookup or a Query.
 */
const TABLE_READ_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
];
const TABLE_WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];
const TABLE_ACTIONS: Record<TableAccess, string[]> = {
  read: TABLE_READ_ACTIONS,
  readWrite: [...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS],
};

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
  readonly handler: NodejsFunction;
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
    this.handler = new NodejsFunction(this, 'Handler', {
      description: this.access.description,
      entry: props.resources.entry(props.name),
      handler: 'handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: this.access.memorySize ?? DEFAULT_MEMORY_MB,
      timeout: Duration.seconds(this.access.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS),
      logGroup,
      projectRoot: REPO_ROOT,
      depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
      // Active X-Ray tracing; Powertools names the function's logs, metrics and traces by its app name.
      tracing: Tracing.ACTIVE,
      ...(props.reservedConcurrency !== undefined && {
        reservedConcurrentExecutions: props.reservedConcurrency,
      }),
      // No NODE_OPTIONS=--enable-source-maps: with it, the first stack trace a process makes (the Stripe
      // SDK makes one on every request) parses the whole bundle's source map, about 125 ms of CPU at a
      // cold start (bench/cold-start.ts). Logged stacks name positions in index.mjs; the source map
      // shipped beside it (index.mjs.map) reads them back.
      environment: { POWERTOOLS_SERVICE_NAME: props.name },
      bundling: {
        ...LAMBDA_BUNDLING,
        mainFields: [...LAMBDA_BUNDLING.mainFields],
        esbuildArgs: { ...LAMBDA_BUNDLING.esbuildArgs },
        ...(nodeModules.length > 0 ? { nodeModules, environment: LAMBDA_PLATFORM_NPM_ENV } : {}),
        ...(bundledFolders.length > 0 && {
          commandHooks: {
            beforeBundling: () => [],
            beforeInstall: () => [],
            afterBundling: (inputDir: string, outputDir: string) =>
              copyFoldersCommands(bundledFolders, inputDir, outputDir),
          },
        }),
      },
    });
    (this.handler.node.defaultChild as CfnFunction).addMetadata(FUNCTION_METADATA_KEY, props.name);
    this.bindTables(props.resources.tables);
    this.bindBuckets(props.resources.buckets);
    this.bindConfig(props.resources);
    this.grantCognito(props.resources);
  }

  /** All names when any table is used (env.ts reads them as one group); grants only as listed. */
  private bindTables(tables: Record<TableName, ITable>): void {
    if (Object.keys(this.access.tables).length === 0) return;
    for (const name of Object.keys(TABLES) as TableName[]) {
      this.handler.addEnvironment(TABLES[name].envVar, tables[name].tableName);
      const level = this.access.tables[name];
      if (level) tables[name].grant(this.handler, ...TABLE_ACTIONS[level]);
    }
  }

  private bindBuckets(buckets: Record<BucketName, IBucket>): void {
    if (Object.keys(this.access.buckets).length === 0) return;
    for (const name of Object.keys(BUCKETS) as BucketName[]) {
      this.handler.addEnvironment(BUCKETS[name].envVar, buckets[name].bucketName);
      for (const level of this.access.buckets[name] ?? []) grantBucket(buckets[name], level, this.handler);
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

function grantBucket(bucket: IBucket, level: BucketAccess, fn: NodejsFunction): void {
  if (level === 'read') bucket.grantRead(fn);
  if (level === 'put') bucket.grantPut(fn);
  if (level === 'delete') bucket.grantDelete(fn);
}

/**
 * Shell commands that copy repository folders into a bundle at the same relative path, run by the
 * CDK after esbuild (locally or in its build container, whose paths it passes in).
 */
export function copyFoldersCommands(
  folders: readonly string[],
  inputDir: string,
  outputDir: string,
): string[] {
  return folders.flatMap((folder) => {
    const target = posix.join(outputDir, folder);
    return [`mkdir -p "${posix.dirname(target)}"`, `cp -R "${posix.join(inputDir, folder)}" "${target}"`];
  });
}

/** Whether a function's entry exists; optional functions are only deployed once written. */
export function entryExists(resources: Pick<FunctionResources, 'entry'>, name: FunctionName): boolean {
  return existsSync(resources.entry(name));
}
