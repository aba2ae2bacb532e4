/**
 * cognito-local 5.3, assembled in-process from its own parts.
 *
 * Its `createDefaultServer` hard-codes `.cognito/` relative to the current directory (its data
 * stores resolve paths at every write, so a temporary chdir would not do) and reads the token
 * issuer from the PORT/HOST environment at import time. Building the same services here with
 * absolute paths keeps the data under our data dir, sets the issuer to the public port, and lets
 * us catch verification codes where cognito-local would print them in a box to its logger.
 * Of the Lambda triggers only PreSignUp is wired, in-process (`preSignUp`), so the same trigger code
 * as in AWS decides who may sign up. CustomMessage runs where codes are delivered (`onCode`).
 * Its token generator is replaced by ours (cognito-tokens.ts), so every sign-in, whichever code
 * path runs it, issues the same tokens.
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
import { UserPoolServiceFactoryImpl } from 'cognito-local/lib/services/userPoolService.js';
import type { Context } from 'cognito-local/lib/services/context.js';
import { UserLambdaValidationError } from 'cognito-local/lib/errors.js';
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import type { CodeDelivery, CodeSource } from './cognito-codes';
import { TokenIssuer } from './cognito-tokens';

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
  /** The PreSignUp trigger, called with AWS's event; a throw refuses the sign-up like AWS. */
  preSignUp?: (event: PreSignUpTriggerEvent) => Promise<PreSignUpTriggerEvent>;
}

export interface CognitoLocal {
  services: Services;
  /** Issues every token (cognito-local's flows included), signed with cognito-local's key. */
  tokens: TokenIssuer;
  /** A context for calling services and targets directly. */
  ctx: Context;
  /** One of cognito-local's API operations by x-amz-target name (e.g. "InitiateAuth"). */
  target(name: string): Route;
  /** cognito-local's own HTTP app (the stand-in uses its JWKS route only). */
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

type PreSignUpParams = Parameters<Triggers['preSignUp']>[1];

/** cognito-local's PreSignUp call as the AWS event, and the trigger's answer or refusal back. */
const preSignUpTrigger =
  (run: NonNullable<CognitoLocalOptions['preSignUp']>): Triggers['preSignUp'] =>
  async (_ctx, params: PreSignUpParams) => {
    const event: PreSignUpTriggerEvent = {
      version: '1',
      region: 'local',
      userPoolId: params.userPoolId,
      userName: params.username,
      callerContext: { awsSdkVersion: 'local', clientId: params.clientId },
      triggerSource: params.source,
      request: {
        userAttributes: Object.fromEntries(params.userAttributes.map((a) => [a.Name, a.Value ?? ''])),
        ...(params.clientMetadata && { clientMetadata: params.clientMetadata }),
        ...(params.validationData && { validationData: params.validationData }),
      },
      response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
    };
    try {
      return (await run(event)).response;
    } catch (error) {
      throw new UserLambdaValidationError(
        `PreSignUp failed with error ${error instanceof Error ? error.message : String(error)}.`,
      );
    }
  };

const withTriggers = (preSignUp: CognitoLocalOptions['preSignUp']): Triggers =>
  preSignUp
    ? { ...noTriggers, enabled: (name) => name === 'PreSignUp', preSignUp: preSignUpTrigger(preSignUp) }
    : noTriggers;

/** Replaces cognito-local's console delivery: the code goes to `onCode` with why it was sent. */
const capturingMessages = (onCode: CognitoLocalOptions['onCode']): Messages => ({
  deliver: (_ctx, source, clientId, userPoolId, user, code, clientMetadata, details) =>
    onCode({
      source: source as CodeSource,
      destination: details.Destination,
      medium: details.DeliveryMedium,
      username: user.Username,
      code,
      userPoolId,
      clientId,
      userAttributes: Object.fromEntries(
        (user.Attributes ?? []).map(({ Name, Value }) => [Name, Value ?? '']),
      ),
      ...(clientMetadata && { clientMetadata }),
    }),
});

export async function createCognitoLocal(options: CognitoLocalOptions): Promise<CognitoLocal> {
  const logger = createLogger(options.logLevel);
  const ctx: Context = { logger };
  const config = {
    ...DefaultConfig,
    // Pools are created from full definitions (cognito-pool.ts); no cognito-local defaults on top.
    UserPoolDefaults: {},
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
  // Token generation calls no trigger (PreTokenGeneration stays off).
  const tokens = new TokenIssuer(clock, options.issuerDomain);
  const services: Services = {
    clock,
    cognito,
    config,
    messages: capturingMessages(options.onCode),
    otp,
    tokenGenerator: tokens,
    triggers: withTriggers(options.preSignUp),
  };
  const router = Router(services);
  const server = createServer(router, logger, config.ServerConfig, services);
  return { services, tokens, ctx, target: router, app: server.application as RequestListener };
}
