/**
 * CDK entry point (`cdk.json` → `npx tsx infra/bin/app.ts`). Settings come from context; see
 * docs/deploy.md. Fails early, listing every missing handler, and on any unacknowledged cdk-nag
 * (AWS Solutions) error.
 */
import { existsSync } from 'node:fs';
import { App } from 'aws-cdk-lib';
import { ROUTE_GROUPS } from '../../shared/routes';
import { repoEntry } from '../constructs/app-function';
import type { FunctionName } from '../constructs/function-access';
import { applyNagChecks } from '../stacks/nag';
import { createShutterlaneStacks } from '../stacks/shutterlane';

/** Handlers every deploy needs; auth-triggers is optional and added once its folder exists. */
const REQUIRED_FUNCTIONS: readonly FunctionName[] = [...ROUTE_GROUPS, 'resize'];

const app = new App();
const missing = REQUIRED_FUNCTIONS.map(repoEntry).filter((entry) => !existsSync(entry));
if (missing.length > 0) {
  throw new Error(`Cannot synthesize: these function handlers do not exist yet:\n  ${missing.join('\n  ')}`);
}
applyNagChecks(app, createShutterlaneStacks(app));
app.synth();
