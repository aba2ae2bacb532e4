import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/constructs/app-function';
import { applyNagChecks } from '../../infra/stacks/nag';
import { createShutterlaneStacks } from '../../infra/stacks/shutterlane';
import { placeholderEntries, REQUIRED_CONTEXT, REQUIRED_FUNCTIONS } from './fixture';

function nagApp(extra?: (app: App) => void): () => void {
  const context = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')).context as Record<
    string,
    unknown
  >;
  const webDist = mkdtempSync(join(tmpdir(), 'shutterlane-nag-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html>');
  const outdir = mkdtempSync(join(tmpdir(), 'shutterlane-nag-out-'));
  const app = new App({
    outdir,
    context: { ...context, ...REQUIRED_CONTEXT, 'aws:cdk:bundling-stacks': [] },
  });
  const stacks = createShutterlaneStacks(app, {
    entry: placeholderEntries([...REQUIRED_FUNCTIONS, 'auth-triggers']),
    webDist,
  });
  extra?.(app);
  applyNagChecks(app, stacks);
  return () => {
    try {
      app.synth();
    } finally {
      for (const dir of [outdir, webDist]) rmSync(dir, { recursive: true, force: true });
    }
  };
}

describe('cdk-nag AWS Solutions checks', () => {
  it('passes with every finding acknowledged with a reason', () => {
    expect(nagApp()).not.toThrow();
  });

  it('still fails synthesis on a new, unacknowledged finding', () => {
    const withLooseBucket = nagApp((app) => new Bucket(new Stack(app, 'Loose'), 'NoTlsBucket'));
    expect(withLooseBucket).toThrow(/AwsSolutions-S10/);
  });
});
