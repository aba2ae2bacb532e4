/**
 * Synthesizes the CDK app with local settings (the site on the local dev server's origin), exactly as
 * `cdk synth` does apart from skipping the bundling (the local stack bundles the functions itself) and
 * CDK's built-in CloudFormation schema check (it only ever warns, and costs most of a synthesis: `cdk synth`
 * and the infra tests keep it; cdk-nag, which can fail a synthesis, runs here too), and keeps the assembly
 * in a cache keyed by everything that shapes it, so a restart reuses it; the local site's port is written in
 * as the templates are read, so a start on new ports reuses it too.
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

/**
 * Synthesizes the app with these settings into the cache, or finds it there; returns its directory. The
 * assembly there is exactly what `cdk synth` writes for them (bundling and the schema check aside).
 */
export async function synthesizeAssembly(settings: Record<string, string>): Promise<string> {
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
  return directory;
}

/**
 * The local site's port changes at every start (the stand-ins listen on free ports), and the templates
 * name it (the CORS origin, Cognito's callback URLs, the links in emails, the runtime configuration), always
 * as `localhost:<port>`. So the app is synthesized once with this port in its place, and each start reads
 * that assembly with its own port written in: a suite's dozen stack starts synthesize once, not each time.
 * Port 1 (tcpmux) is no local server's, so `localhost:1` in an assembly stands for nothing else.
 */
const SITE_PORT_PLACEHOLDER = 'localhost:1';
const LOCAL_SITE = /^localhost:\d+$/;
const PLACEHOLDER_TEXT = new RegExp(`${SITE_PORT_PLACEHOLDER}(?!\\d)`, 'g');

/**
 * The app synthesized with these settings (or reused from the cache), as the stand-ins read it: the
 * templates, and the file assets through `readAssetText`.
 */
export async function synthesizeLocally(settings: Record<string, string>): Promise<Assembly> {
  const site = settings.siteDomain ?? '';
  if (!LOCAL_SITE.test(site)) return readAssembly(await synthesizeAssembly(settings));
  const directory = await synthesizeAssembly({ ...settings, siteDomain: SITE_PORT_PLACEHOLDER });
  return readAssembly(directory, (text) => text.replace(PLACEHOLDER_TEXT, site));
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
