/**
 * Runs one autocannon load in its own process, so the load generator does not share the event loop
 * (and core) of the stack it measures. Reads its job as JSON on stdin, prints the result as JSON.
 */
import autocannon from 'autocannon';

interface Job {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  connections: number;
  amount: number;
  /** A fixed body for every request... */
  body?: string;
  /** ...or one JSON body per request, `{"captchaToken": token}`, tokens being good once. */
  captchaTokens?: string[];
}

const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const job = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Job;
const tokens = job.captchaTokens ?? [];

const result = await autocannon({
  url: job.url,
  method: job.method,
  headers: job.headers,
  connections: job.connections,
  amount: job.amount,
  timeout: 10,
  // With a fixed amount, autocannon ends the run (and its duration) at the first sample tick after the
  // last answer: at its default of one tick a second, every rate read 3000 requests over a whole number
  // of seconds (a 1.3 s run read 2 s). Ticks every 10 ms keep the duration within 10 ms.
  sampleInt: 10,
  ...(job.body !== undefined && { body: job.body }),
  ...(tokens.length > 0 && {
    requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify({ captchaToken: tokens.pop() }) }) }],
  }),
});
process.stdout.write(
  JSON.stringify({
    requests: result.requests.total,
    // Completed requests over the run's duration (autocannon's per-sample average depends on the tick).
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  }),
);
