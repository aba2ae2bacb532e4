/**
 * cognito-local 5.3, assembled in-process from its own parts.
 *
 * Its `createDefaultServer` hard-codes `.cognito/` relative to the current directory (its data
 * stores resolve paths at every write, so a temporary chdir would not do) and reads the token
 * issuer from the PORT/HOST environment at import time. Building the same services here with
 * absolute paths keeps the data under our data dir, sets the issuer to the public port, and lets
 * us catch verification codes where cognito-local would print them in a box to its logger.
 * Lambda triggers are not wired: the local stack has none (the optional CustomMessage trigger only
 * changes mail wording).
 */
import { createRequire } from 'node:module';
import type { RequestListener } from 'node:http';
import { DefaultConfig } from 'cognito-local/lib/server/config.js';
import { Router, type Route } from 'cognito-local/lib/server/Router.js';
import { createServer } from 'cognito-local/lib/server/server.js';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService.js';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb.js';
import { DateClock, type Messages, type Services, type Triggers } from 'cognito-local/lib/services/index.js';
import { otp } from 'cognito-local/lib/services/otp.js';
import { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator.js';
import { UserPoolServiceFactoryImpl } from 'cognito-local/lib/services/userPoolService.js';
import type { Context } from 'cognito-local/lib/services/context.js';
import type { CodeDelivery, CodeSource } from './cognito-codes';

type CognitoLogger = Parameters<typeof createServer>[1];

export interface CognitoLocalOptions {
  /** Where the user pools and app clients live (cognito-local's `.cognito/db`). */
  dataDirectory: string;
  /** Scheme, host and port of the public endpoint: tokens say `iss: <issuerDomain>/<poolId>`. */
  issuerDomain: string;
  /** Called for every code cognito-local would deliver by email or SMS. */
  onCode: (delivery: CodeDelivery) => Promise<void>;
  /** pino level for cognito-local's own logs. */
  logLevel: string;
}

export interface CognitoLocal {
  services: Services;
  /** A context for calling services and targets directly. */
  ctx: Context;
  /** One of cognito-local's API operations by x-amz-target name (e.g. "InitiateAuth"). */
  target(name: string): Route;
  /** cognito-local's own HTTP app: JWKS, OAuth2 endpoints, health, and the JSON API. */
  app: RequestListener;
}

/** pino as cognito-local depends on it (its HTTP logging middleware needs a real pino logger). */
function createLogger(level: string): CognitoLogger {
  const requireFromCognitoLocal = createRequire(createRequire(import.meta.url).resolve('cognito-local'));
  const pino = requireFromCognitoLocal('pino') as (options: { level: string }) => CognitoLogger;
  return pino({ level });
}

const triggerNotWired = () =>
  Promise.reject(new Error('Cognito Lambda triggers are not wired in the local stack'));

/** No trigger is enabled, so cognito-local never calls these (and never loads aws-sdk v2 for Lambda). */
const noTriggers: Triggers = {
  enabled: () => false,
  customMessage: triggerNotWired,
  customEmailSender: triggerNotWired,
  postAuthentication: triggerNotWired,
  postConfirmation: triggerNotWired,
  preSignUp: triggerNotWired,
  preTokenGeneration: triggerNotWired,
  userMigration: triggerNotWired,
};

/** Replaces cognito-local's console delivery: the code goes to `onCode` with why it was sent. */
const capturingMessages = (onCode: CognitoLocalOptions['onCode']): Messages => ({
  deliver: (_ctx, source, clientId, userPoolId, user, code, _clientMetadata, details) =>
    onCode({
      source: source as CodeSource,
      destination: details.Destination,
      medium: details.DeliveryMedium,
      username: user.Username,
      code,
      userPoolId,
      clientId,
    }),
});

export async function createCognitoLocal(options: CognitoLocalOptions): Promise<CognitoLocal> {
  const logger = createLogger(options.logLevel);
  const ctx: Context = { logger };
  const config = {
    ...DefaultConfig,
    TokenConfig: { IssuerDomain: options.issuerDomain },
    ServerConfig: { development: false, https: false as const },
  };
  const clock = new DateClock();
  const dataStores = new StormDBDataStoreFactory(options.dataDirectory);
  const cognito = await new CognitoServiceFactoryImpl(
    options.dataDirectory,
    dataStores,
    new UserPoolServiceFactoryImpl(clock, dataStores),
  ).create(ctx, config.UserPoolDefaults);
  const services: Services = {
    clock,
    cognito,
    config,
    messages: capturingMessages(options.onCode),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, noTriggers, config.TokenConfig),
    triggers: noTriggers,
  };
  const router = Router(services);
  const server = createServer(router, logger, config.ServerConfig, services);
  return { services, ctx, target: router, app: server.application as RequestListener };
}
