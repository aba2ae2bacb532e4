/**
 * The view's first page at event scale, as a customer's phone asks for it through the edge: the time of
 * each answer (one after another, after a warm-up), and its bytes as sent uncompressed and gzipped.
 */
import { gzipSync } from 'node:zlib';
import type { TestStack } from '@shutterlane/harness/local-stack';

export interface FirstPage {
  /** Milliseconds, over RUNS calls: median and 95th percentile. */
  medianMs: number;
  p95Ms: number;
  bytes: number;
  gzipBytes: number;
  photos: number;
}

const RUNS = 40;
const WARM_UP = 5;

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;

export async function measureFirstPage(env: TestStack, publicId: string): Promise<FirstPage> {
  const ask = async () => {
    const started = performance.now();
    const response = await fetch(`${env.demo.apiUrl}/public/galleries/${publicId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'identity' },
      body: '{}',
    });
    const body = Buffer.from(await response.arrayBuffer());
    if (!response.ok) throw new Error(`the view answered ${response.status}`);
    return { ms: performance.now() - started, body };
  };
  for (let i = 0; i < WARM_UP; i++) await ask();
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await ask());
  const sorted = runs.map((run) => run.ms).sort((a, b) => a - b);
  const body = runs.at(-1)!.body;
  return {
    medianMs: percentile(sorted, 0.5),
    p95Ms: percentile(sorted, 0.95),
    bytes: body.length,
    gzipBytes: gzipSync(body).length,
    photos: (JSON.parse(body.toString('utf8')) as { photos: unknown[] }).photos.length,
  };
}
