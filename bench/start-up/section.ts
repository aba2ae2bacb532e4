/**
 * Start-up: `npm start` on a fresh clone of this repository in a temporary folder, the npm cache warm.
 * Each round times a first start (node_modules/.cache and .data removed, as after `npm ci` on a new clone:
 * it synthesizes, bundles, builds the web app and seeds) and a later start (everything kept, on the same
 * ports), and checks that every link it prints answers. Medians of the rounds, with the machine's load
 * beside them (the machine is shared), and where the time goes: when each part was ready, from the lines
 * `npm start` prints.
 *
 * `START_UP_ROUNDS` (default 3) sets the rounds; `START_UP_INSTALL=link` hard-links this checkout's
 * node_modules into the clone instead of running `npm ci` (quicker; the same packages).
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../../infra/constructs/app-function';
import type { BenchSection } from '../summary';
import { portEnvironment, timedStart, type StartRun } from './npm-start';

const FIRST_TARGET_S = 30;
const LATER_TARGET_S = 10;

export interface StartUpResults {
  install: string;
  rounds: { first: StartRun; later: StartRun; load: string }[];
}

const run = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'] });

function install(checkout: string): string {
  if (process.env.START_UP_INSTALL === 'link') {
    run('cp', ['-al', path.join(REPO_ROOT, 'node_modules'), path.join(checkout, 'node_modules')], checkout);
    return "this checkout's node_modules hard-linked (no build caches)";
  }
  run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], checkout);
  return '`npm ci --prefer-offline` (npm cache warm)';
}

/** As after `npm ci` on a new clone: no build caches, no data. */
async function asNewClone(checkout: string): Promise<void> {
  await rm(path.join(checkout, 'node_modules', '.cache'), { recursive: true, force: true });
  await rm(path.join(checkout, '.data'), { recursive: true, force: true });
}

const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' / ');

export async function measureStartUp(): Promise<StartUpResults> {
  const rounds = Number(process.env.START_UP_ROUNDS ?? 3);
  const checkout = await mkdtemp(path.join(os.tmpdir(), 'shutterlane-start-up-'));
  try {
    run('git', ['clone', '-q', REPO_ROOT, checkout], os.tmpdir());
    const installed = install(checkout);
    const results: StartUpResults = { install: installed, rounds: [] };
    for (let round = 1; round <= rounds; round++) {
      await asNewClone(checkout);
      const load = loadAverage();
      const ports = await portEnvironment();
      const first = await timedStart(checkout, ports);
      const later = await timedStart(checkout, ports);
      console.log(
        `  round ${round}: first ${first.wallSeconds.toFixed(1)} s, later ${later.wallSeconds.toFixed(1)} s`,
      );
      results.rounds.push({ first, later, load });
    }
    return results;
  } finally {
    await rm(checkout, { recursive: true, force: true });
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** A link answers when it gives any HTTP answer short of a server error. */
const unanswered = (runs: StartRun[]) =>
  runs.flatMap((r) => r.links.filter((link) => link.status === 0 || link.status >= 500));

/** Each part's median time (seconds since the process started), in the order `npm start` prints them. */
function phaseRows(runs: StartRun[]): string[] {
  const names = [...new Set(runs.flatMap((r) => r.phases.map((phase) => phase.name)))];
  return names.map((name) => {
    const times = runs.flatMap((r) => r.phases.filter((phase) => phase.name === name).map((p) => p.seconds));
    return `| ${name} | ${median(times).toFixed(1)} |`;
  });
}

export function startUpSection(results: StartUpResults): BenchSection {
  const firsts = results.rounds.map((r) => r.first);
  const laters = results.rounds.map((r) => r.later);
  const first = median(firsts.map((r) => r.wallSeconds));
  const later = median(laters.map((r) => r.wallSeconds));
  const missing = unanswered([...firsts, ...laters]);
  const lines = [
    '## Start-up (`npm start` on a fresh clone)',
    '',
    `A fresh clone in a temporary folder, installed by ${results.install}; ${results.rounds.length} rounds, each a`,
    'first start (no build caches, no data: it synthesizes, bundles, builds the web app and seeds) and a later',
    'start. Timed from spawning `npm start` to its printed links; every printed link fetched.',
    '',
    '| round | load (1 / 5 / 15 min) | first start (s) | later start (s) |',
    '| --- | --- | --- | --- |',
    ...results.rounds.map(
      (r, i) =>
        `| ${i + 1} | ${r.load} | ${r.first.wallSeconds.toFixed(1)} | ${r.later.wallSeconds.toFixed(1)} |`,
    ),
    '',
    `Links printed: ${firsts[0]?.links.length ?? 0}; ${missing.length === 0 ? 'every one answered' : `not answering: ${missing.map((l) => `${l.url} (${l.status})`).join(', ')}`}.`,
    '',
    'Where the time goes: when each part was ready (median seconds since the process started):',
    '',
    '| first start: part | s |',
    '| --- | --- |',
    ...phaseRows(firsts),
    '',
    '| later start: part | s |',
    '| --- | --- |',
    ...phaseRows(laters),
    '',
  ];
  const row = (figure: string, seconds: number, target: number) => ({
    figure,
    target: `≤ ${target} s`,
    now: `${seconds.toFixed(1)} s (median)`,
    met: seconds <= target && missing.length === 0,
  });
  return {
    lines,
    summary: [
      row('First `npm start` on a fresh clone, to its links', first, FIRST_TARGET_S),
      row('Later `npm start`, to its links', later, LATER_TARGET_S),
    ],
  };
}
