/**
 * Synthesizes the app for assertions with bundling skipped (`aws:cdk:bundling-stacks: []`), so
 * no esbuild run and no handler code is needed: each handler entry is an empty placeholder in a
 * folder of its own (never in functions/), because a function's asset is its entry's folder; node_modules/.cache is inside the root and ignored by git.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { REPO_ROOT, type EntryResolver } from '../../infra/constructs/app-function';
import type { FunctionName } from '../../infra/constructs/function-access';
import {
  createShutterlaneStacks,
  REQUIRED_FUNCTIONS,
  type ShutterlaneStacks,
} from '../../infra/stacks/shutterlane';

export { REQUIRED_FUNCTIONS };

/** Placeholder handlers for `names`; other functions resolve to a path that does not exist. */
export function placeholderEntries(names: readonly FunctionName[]): EntryResolver {
  // One folder per set of names, rewritten with the same content each run: nothing piles up.
  const root = join(
    REPO_ROOT,
    'node_modules',
    '.cache',
    'shutterlane-infra-entries',
    [...names].sort().join('+'),
  );
  for (const name of names) {
    mkdirSync(join(root, name), { recursive: true });
    writeFileSync(join(root, name, 'index.ts'), 'export const handler = async () => ({});\n');
  }
  return (name) => join(root, name, 'index.ts');
}

export interface SynthOptions {
  context?: Record<string, unknown>;
  functions?: readonly FunctionName[];
  webDist?: string;
}

/** The feature flags and settings of cdk.json, so tests synthesize what `cdk synth` does. */
function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
    context?: Record<string, unknown>;
  };
  return cdkJson.context ?? {};
}

/** The required settings, as a deployment to shutterlane.com would give them. */
export const REQUIRED_CONTEXT = {
  siteDomain: 'shutterlane.com',
  mailFrom: 'Shutterlane <orders@shutterlane.com>',
};

let defaultStacks: ShutterlaneStacks | undefined;

/**
 * The app synthesized with `options`. The default synthesis is made once per worker and shared by its
 * files (the infra project runs them without isolation): its stacks are only read.
 */
export function synthesize(options?: SynthOptions): ShutterlaneStacks {
  if (options) return synthesizeWith(options);
  return (defaultStacks ??= synthesizeWith({}));
}

function synthesizeWith(options: SynthOptions): ShutterlaneStacks {
  const app = new App({
    context: { ...cdkJsonContext(), ...REQUIRED_CONTEXT, 'aws:cdk:bundling-stacks': [], ...options.context },
  });
  return createShutterlaneStacks(app, {
    entry: placeholderEntries(options.functions ?? REQUIRED_FUNCTIONS),
    webDist: options.webDist ?? join(tmpdir(), 'shutterlane-no-web-dist'),
  });
}

/** A resource of a synthesized template. */
export interface CfnResource {
  Type: string;
  Properties?: Record<string, unknown>;
  Metadata?: Record<string, unknown>;
}

/** A statement of an IAM policy document in a template. */
export interface PolicyStatement {
  Effect: string;
  Action: string | string[];
  Resource?: unknown;
}

type Resources = Record<string, CfnResource>;

/** The resources of one type in a template, by logical id. */
export function resourcesOf(template: { toJSON(): Record<string, unknown> }, type: string): Resources {
  const all = (template.toJSON().Resources ?? {}) as Resources;
  return Object.fromEntries(Object.entries(all).filter(([, resource]) => resource.Type === type));
}

/** Whether a CloudFormation value (Ref, GetAtt, ImportValue, Join...) mentions a logical id. */
export function mentions(value: unknown, logicalId: string): boolean {
  return JSON.stringify(value ?? null).includes(logicalId);
}

const templates = new WeakMap<Stack, Template>();

/** Template.fromStack synthesizes the whole app each call; tests read each stack many times. */
export function templateOf(stack: Stack): Template {
  let template = templates.get(stack);
  if (!template) templates.set(stack, (template = Template.fromStack(stack)));
  return template;
}

/** Synthesis of the seven stacks takes seconds on a small machine; hooks get more than vitest's 10 s. */
export const SYNTH_TIMEOUT_MS = 120_000;
