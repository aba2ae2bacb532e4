/** Messages between the function host and a function's worker (local/stack/functions/runtime.ts). */

export interface RuntimeData {
  functionArn: string;
  handlerExport: string;
}

export interface Invocation {
  requestId: string;
  event: unknown;
  /** Epoch milliseconds when the function's timeout ends. */
  deadline: number;
}

export type InvocationOutcome =
  { ok: true; result: unknown } | { ok: false; errorType: string; errorMessage: string; stack?: string };
