/**
 * The negative-balance watch: an EventBridge schedule runs it (infra/constructs/balance-watch.ts); it
 * reads every connected account's balance and writes the metric the negative-balance alarm reads.
 */
import { eventHandler } from '../lib/tracer';
import { watchBalances } from './service';

export const handler = eventHandler(() => watchBalances());
