/**
 * Synthesizes the CDK app with local settings (the site on the local dev server's origin), exactly as
 * `cdk synth` does apart from skipping the bundling (the local stack bundles the functions itself) and
 * CDK's built-in CloudFormation schema check (it only ever warns, and costs most of a synthesis: `cdk synth`
 * and the infra tests keep it; cdk-nag, which can fail a synthesis, runs here too), and keeps the assembly
 * in a cache keyed by everything that shapes it, so a restart reuses it.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { REPO_ROOT } from '../../../infra/constructs/app-function';
import { defineShutterlaneApp } from '../../../infra/stacks/shutterlane';
import { readAssembly, type Assembly } from '@shutterlane/aws-standins/cloudformation/assembly';

/** Folders whose sources shape the templates (the CDK app reads the route table and storage layout). */
const SOURCE_FOLDERS = ['infra', 'shared', 'functions'];
const CACHE_DIR = path.join(REPO_ROOT, 'node_modules', '.cache', 'shutterlane-local', 'cdk.out');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|json)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

function cacheKey(context: Record<string, unknown>): string {
  const hash = createHash('sha256').update(JSON.stringify(context));
  const files = [
    ...SOURCE_FOLDERS.flatMap((folder) => sourceFiles(path.join(REPO_ROOT, folder))),
    path.join(REPO_ROOT, 'cdk.json'),
    path.join(REPO_ROOT, 'package-lock.json'),
  ].sort();
  for (const file of files) hash.update(file).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/** The feature flags and settings of cdk.json, as `cdk synth` passes them. */
function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
    context?: Record<string, unknown>;
  };
  return cdkJson.context ?? {};
}

/** Synthesizes (or reuses) the app with these settings; returns the assembly. */
export async function synthesizeLocally(settings: Record<string, string>): Promise<Assembly> {
  const context = { ...cdkJsonContext(), ...settings };
  const directory = path.join(CACHE_DIR, cacheKey(context));
  if (!existsSync(path.join(directory, 'manifest.json'))) {
    const staging = `${directory}.${process.pid}.tmp`;
    await rm(staging, { recursive: true, force: true });
    await mkdir(staging, { recursive: true });
    const app = new App({
      outdir: staging,
      context: { ...context, 'aws:cdk:bundling-stacks': [] },
      builtinCloudFormationValidation: false,
    });
    // No SPA build is uploaded locally: the dev server serves the SPA.
    defineShutterlaneApp(app, { webDist: path.join(staging, 'no-web-dist') });
    app.synth();
    await rm(directory, { recursive: true, force: true });
    await rename(staging, directory).catch(async (error: unknown) => {
      // Another process synthesized the same assembly first: use that one.
      await rm(staging, { recursive: true, force: true });
      if (!existsSync(path.join(directory, 'manifest.json'))) throw error;
    });
  }
  const now = new Date();
  utimesSync(directory, now, now);
  return readAssembly(directory);
}

/** Assemblies older than the newest few are removed, so the cache does not grow without end. */
export async function pruneSynthCache(keep = 4): Promise<void> {
  if (!existsSync(CACHE_DIR)) return;
  const entries = readdirSync(CACHE_DIR)
    .map((name) => ({ name, mtime: statSync(path.join(CACHE_DIR, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  await Promise.all(
    entries.slice(keep).map(({ name }) => rm(path.join(CACHE_DIR, name), { recursive: true, force: true })),
  );
}
