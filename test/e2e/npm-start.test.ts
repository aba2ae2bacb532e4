/**
 * What `npm start` serves, run as a user runs it ("the offline behaviour works in what
 * `npm start` serves, since that is where a user tries it first"): the command itself, on free ports
 * with a data folder of its own. Its web app carries the seller app's worker and manifest with their
 * real types, Chromium finds the seller area installable, and a seller page reloads offline.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_PORT_SETTINGS, type LocalPorts } from '@shutterlane/local-stack/config';
import { MANIFEST_ICONS, WEB_APP_MANIFEST } from '../../web/src/app/seller-app/web-app-manifest';
import { launchPersistentContext } from '@shutterlane/harness/browser';
import { freePorts } from '@shutterlane/harness/global-stack';
import {
  activeSellerWorker,
  expectInstallable,
  expectReloadsOffline,
  openGalleries,
} from '../support/seller-app';
import { signInAsDemoSeller } from '@shutterlane/harness/seller-page';

/** A first start synthesizes, builds and seeds: minutes on a loaded 2-core machine. */
const START_TIMEOUT_MS = 240_000;
const READY_LINE = /Shutterlane is running/;
const WEB_APP_LINE = /^\s*Web app\s+(\S+)/m;

let npmStart: ChildProcess;
let output = '';
let dataDir: string;
let profileDir: string;
let appUrl: string;

const portEnvironment = (ports: LocalPorts) =>
  Object.fromEntries(
    Object.entries(LOCAL_PORT_SETTINGS).map(([service, [name]]) => [
      name,
      String(ports[service as keyof LocalPorts]),
    ]),
  );

/** Resolves with the printed web app link once `npm start` says it is running. */
function started(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`npm start was not ready in time:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const link = READY_LINE.test(output) && WEB_APP_LINE.exec(output)?.[1];
      if (link) {
        clearTimeout(timer);
        resolve(link);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited (${code}) before it was ready:\n${output}`));
    });
  });
}

/** Ctrl-C, as a user stops it; the whole process group (npm, tsx, the stack) gets the signal. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  process.kill(-child.pid!, 'SIGINT');
  const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shutterlane-npm-start-'));
  npmStart = spawn('npm', ['start'], {
    env: { ...process.env, ...portEnvironment(await freePorts()), SHUTTERLANE_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  appUrl = await started(npmStart);
}, START_TIMEOUT_MS + 10_000);

afterAll(async () => {
  if (npmStart) await stop(npmStart);
  await rm(dataDir, { recursive: true, force: true });
}, 60_000);

describe('what npm start serves', () => {
  it('serves the seller app worker as JavaScript, its manifest as a web app manifest and its icons', async () => {
    const worker = await fetch(`${appUrl}/seller-sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/^(text|application)\/javascript\b/);
    expect(await worker.text()).toMatch(/addEventListener\(\s*["']fetch["']/);

    const manifest = await fetch(`${appUrl}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json\b/);
    expect(await manifest.json()).toEqual(WEB_APP_MANIFEST);

    for (const icon of MANIFEST_ICONS) {
      const response = await fetch(`${appUrl}${icon.src}`);
      expect(response.headers.get('content-type'), icon.src).toBe('image/png');
    }
  });

  describe('in Chromium, signed in as the demo seller', () => {
    let context: BrowserContext;
    let seller: Page;

    beforeAll(async () => {
      profileDir = await mkdtemp(path.join(os.tmpdir(), 'shutterlane-npm-start-profile-'));
      context = await launchPersistentContext(profileDir);
      seller = await context.newPage();
      await signInAsDemoSeller(seller, appUrl);
    });

    afterAll(async () => {
      await context?.close();
      if (profileDir) await rm(profileDir, { recursive: true, force: true });
    });

    it('finds the seller area installable', async () => {
      await expect.poll(() => activeSellerWorker(seller)).toEqual({ script: '/seller-sw.js', scope: '/' });
      await openGalleries(seller, appUrl);
      await expectInstallable(context, seller);
    });

    it('opens a seller page offline from the worker', async () => {
      await openGalleries(seller, appUrl);
      await expectReloadsOffline(context, seller);
    });
  });
});
