/**
 * The whole app: seven stacks wired one way (data ← auth ← api ← site, data ← site, data ← media ← api; the
 * web ACL's edge stack, in us-east-1, stands alone), so no stack needs a value from a stack that depends on it. Environment-agnostic (no account or
 * region, no look-ups): synthesis works offline without credentials.
 */
import { existsSync } from 'node:fs';
import { Annotations, Stack, type App, type StackProps } from 'aws-cdk-lib';
import { ROUTE_GROUPS } from '#shared/contract/routes';
import { repoEntry, type EntryResolver, type FunctionResources } from '../constructs/app-function';
import type { FunctionName } from '../constructs/function-access';
import { BalanceWatch } from '../constructs/balance-watch';
import { ExpiryReminders } from '../constructs/expiry-reminders';
import { AlarmTopic, Monitoring } from '../constructs/monitoring';
import { applyNagChecks } from './nag';
import { ApiStack } from './api-stack';
import { AuthStack } from './auth-stack';
import { DataStack } from './data-stack';
import { EdgeStack } from './edge-stack';
import { MediaStack } from './media-stack';
import { readSettings, type DeploySettings } from './settings';
import { SiteStack } from './site-stack';

export interface ShutterlaneOptions {
  /** Where function handlers live; tests point it at placeholders. */
  entry?: EntryResolver;
  /** The SPA build folder; defaults to web/dist. */
  webDist?: string;
  /** Stack name prefix, e.g. `Shutterlane` → `Shutterlane-Data`; lets a staging copy sit beside production. */
  prefix?: string;
}

export interface ShutterlaneStacks {
  settings: DeploySettings;
  data: DataStack;
  auth: AuthStack;
  api: ApiStack;
  media: MediaStack;
  site: SiteStack;
  /** The web ACL, in us-east-1 (CloudFront's region for web ACLs); the site names it by the webAclArn setting. */
  edge: EdgeStack;
  /** The hourly negative-balance watch, in the media stack beside the other background functions. */
  balanceWatch: BalanceWatch;
  expiryReminders: ExpiryReminders;
  /** The alarm topic (and the alarms of the optional auth triggers), which the other stacks' alarms notify. */
  alarms: Stack;
  alarmTopic: AlarmTopic;
}

export function createShutterlaneStacks(app: App, options: ShutterlaneOptions = {}): ShutterlaneStacks {
  const settings = readSettings(app.node);
  const prefix = options.prefix ?? 'Shutterlane';
  const entry = options.entry ?? repoEntry;
  const common: StackProps = { tags: { app: 'shutterlane' } };

  const alarms = new Stack(app, `${prefix}-Alarms`, common);
  const alarmTopic = new AlarmTopic(alarms, 'AlarmTopic', { email: settings.alarmEmail });
  const data = new DataStack(app, `${prefix}-Data`, { ...common, settings });
  const storage = { tables: data.tables, buckets: data.buckets, entry };
  const auth = new AuthStack(app, `${prefix}-Auth`, { ...common, settings, functionResources: storage });
  const resources: FunctionResources = {
    ...storage,
    settings,
    cognito: { userPool: auth.userPool, userPoolClient: auth.userPoolClient },
    pagingTokenSecret: data.pagingTokenSecret,
  };
  const media = new MediaStack(app, `${prefix}-Media`, {
    ...common,
    resources,
    alarmTopic: alarmTopic.topic,
  });
  // The API's functions send follow-up jobs to the media stack's queues (the galleries function queues
  // the walk over a gallery's photos when its face search is switched on, and its previews' making).
  const api = new ApiStack(app, `${prefix}-Api`, {
    ...common,
    resources: { ...resources, queues: media.queues },
    alarmTopic: alarmTopic.topic,
  });
  // Reads connected accounts' balances hourly (Stripe only): beside the other background functions.
  const balanceWatch = new BalanceWatch(media, 'BalanceWatch', { resources, alarmTopic: alarmTopic.topic });
  const expiryReminders = new ExpiryReminders(media, 'ExpiryReminders', {
    resources,
    alarmTopic: alarmTopic.topic,
  });
  if (auth.triggers) {
    // The auth stack is created before the topic's users; its trigger's alarms sit with the topic.
    const monitoring = new Monitoring(alarms, 'AuthTriggerAlarms', { topic: alarmTopic.topic });
    monitoring.functionErrors(
      'auth-triggers',
      auth.triggers.handler,
      'A Cognito trigger failed: sign-ups or account emails are refused.',
    );
    monitoring.throttles('auth-triggers', auth.triggers.handler);
  }
  const site = new SiteStack(app, `${prefix}-Site`, {
    ...common,
    settings,
    apiDomainName: api.apiDomainName,
    originVerifySecret: api.originVerifySecret,
    derivedBucket: data.buckets.derived,
    // Strong references: the site's CSP names the hosted sign-in and the buckets' regional hosts.
    pageReach: {
      hostedUiBaseUrl: auth.domain.baseUrl(),
      photoBuckets: [data.buckets.originals, data.buckets.derived],
    },
    webDist: options.webDist,
    runtimeConfig: {
      region: auth.region,
      userPoolId: auth.userPool.userPoolId,
      userPoolClientId: auth.userPoolClient.userPoolClientId,
      hostedUiDomain: auth.domain.baseUrl(),
      siteUrl: settings.siteUrl,
    },
  });
  const edge = new EdgeStack(app, `${prefix}-Edge`, { ...common, settings });
  if (settings.webAclArn === undefined) {
    Annotations.of(site).addWarning(
      `No webAclArn setting: the site has no WAF. Deploy ${edge.stackName} and pass its WebAclArn output (docs/deploy.md).`,
    );
  }
  return {
    settings,
    data,
    auth,
    api,
    media,
    site,
    edge,
    balanceWatch,
    expiryReminders,
    alarms,
    alarmTopic,
  };
}

/** Handlers every deploy needs; auth-triggers is optional and added once its folder exists. */
export const REQUIRED_FUNCTIONS: readonly FunctionName[] = [
  ...ROUTE_GROUPS,
  'resize',
  'resize-failures',
  'faces',
  'preview-jobs',
  'balance-watch',
  'expiry-reminders',
];

/**
 * The app as `cdk synth` and the local stack build it: every handler present, the stacks, and the
 * cdk-nag checks that fail synthesis on an unacknowledged finding.
 */
export function defineShutterlaneApp(app: App, options: ShutterlaneOptions = {}): ShutterlaneStacks {
  const entry = options.entry ?? repoEntry;
  const missing = REQUIRED_FUNCTIONS.map(entry).filter((path) => !existsSync(path));
  if (missing.length > 0) {
    throw new Error(
      `Cannot synthesize: these function handlers do not exist yet:\n  ${missing.join('\n  ')}`,
    );
  }
  const stacks = createShutterlaneStacks(app, options);
  applyNagChecks(app, stacks);
  return stacks;
}
