/**
 * The runtime inside each function's worker thread, standing for Lambda's Node.js runtime: loads the
 * function's bundle from LAMBDA_TASK_ROOT once (the cold start), then runs one invocation at a time
 * with a Lambda context, and reports the result or the error in Lambda's shape.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import type { Context } from 'aws-lambda';
import type { Invocation, InvocationOutcome, RuntimeData } from './protocol';

type Handler = (event: unknown, context: Context) => Promise<unknown>;

const data = workerData as RuntimeData;
if ((process.env.NODE_OPTIONS ?? '').includes('--enable-source-maps')) process.setSourceMapsEnabled(true);

const handlerLoaded: Promise<Handler> = import(
  pathToFileURL(path.join(process.env.LAMBDA_TASK_ROOT ?? '.', 'index.mjs')).href
).then((module: Record<string, unknown>) => {
  const handler = module[data.handlerExport];
  if (typeof handler !== 'function')
    throw new Error(`Runtime.HandlerNotFound: index.${data.handlerExport} is undefined or not exported`);
  return handler as Handler;
});

function lambdaContext(invocation: Invocation): Context {
  const env = process.env;
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName: env.AWS_LAMBDA_FUNCTION_NAME ?? '',
    functionVersion: env.AWS_LAMBDA_FUNCTION_VERSION ?? '$LATEST',
    invokedFunctionArn: data.functionArn,
    memoryLimitInMB: env.AWS_LAMBDA_FUNCTION_MEMORY_SIZE ?? '128',
    awsRequestId: invocation.requestId,
    logGroupName: env.AWS_LAMBDA_LOG_GROUP_NAME ?? '',
    logStreamName: env.AWS_LAMBDA_LOG_STREAM_NAME ?? '',
    getRemainingTimeInMillis: () => Math.max(0, invocation.deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

function errorOutcome(error: unknown): InvocationOutcome {
  const failure = error instanceof Error ? error : new Error(String(error));
  return {
    ok: false,
    errorType: failure.name || 'Error',
    errorMessage: failure.message,
    stack: failure.stack,
  };
}

async function run(invocation: Invocation): Promise<InvocationOutcome> {
  try {
    const handler = await handlerLoaded;
    return { ok: true, result: await handler(invocation.event, lambdaContext(invocation)) };
  } catch (error) {
    return errorOutcome(error);
  }
}

parentPort?.on('message', (invocation: Invocation) => {
  void run(invocation).then((outcome) => parentPort?.postMessage(outcome));
});
