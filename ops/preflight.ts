/**
 * `npm run preflight -- -c siteDomain=… -c mailFrom=… [-c certificateArn=…] [-c key=value …]`: checks
 * the target account's prerequisites for a first deploy with read-only calls (ops/preflight/run.ts),
 * with the same settings the deploy takes (cdk.json, SHUTTERLANE_* variables, -c). Exit 0 when all
 * are found, 1 when something is missing, 2 on bad usage.
 */
import { readFileSync } from 'node:fs';
import { App } from 'aws-cdk-lib';
import { REPO_ROOT } from '../infra/constructs/app-function';
import { readSettings } from '../infra/stacks/settings';
import { runCommand, UsageError } from './cli';
import { clientsFromEnvironment, formatReport, runPreflight } from './preflight/run';

const USAGE = `Usage: npm run preflight -- -c siteDomain=<host> -c mailFrom='Name <address>' [-c certificateArn=<arn>] [-c <setting>=<value> ...]
Checks the AWS account of the current credentials (AWS_PROFILE, AWS_REGION) with read-only calls.`;

/** `-c key=value` / `--context key=value` pairs, as the CDK CLI takes them. */
function parseContextFlags(args: readonly string[]): Record<string, string> {
  const context: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const flag = args[i];
    if (flag !== '-c' && flag !== '--context') throw new UsageError(`Unknown argument: ${flag}`);
    const pair = args[++i] ?? '';
    const at = pair.indexOf('=');
    if (at < 1) throw new UsageError(`${flag} needs key=value, got "${pair}"`);
    context[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return context;
}

const main = async (): Promise<number> => {
  const args = process.argv.slice(2);
  if (args.includes('--help')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const cdkJson = JSON.parse(readFileSync(`${REPO_ROOT}cdk.json`, 'utf8')) as { context?: object };
  const app = new App({ context: { ...cdkJson.context, ...parseContextFlags(args) } });
  let settings;
  try {
    settings = readSettings(app.node);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const results = await runPreflight(await clientsFromEnvironment(), settings);
  process.stdout.write(`${formatReport(results)}\n`);
  return results.every((result) => result.ok) ? 0 : 1;
};

runCommand(main, USAGE);
