/**
 * A crowd behind one address: VISITORS customers arriving over ARRIVAL_SECONDS from the same address (the
 * loopback's, as a venue's Wi-Fi gives them one), each opening the gallery (the view call) and loading
 * PREVIEWS_EACH of its previews through the local edge, six at a time as a browser does; all within one
 * WAF window. Every answer's status is counted: a 429 (an API throttle) or a 403 (a WAF rule) is a
 * customer turned away.
 */
import type { PublicGalleryView } from '#shared/schemas/public-gallery';
import type { TestStack } from '@shutterlane/harness/local-stack';

export const VISITORS = 200;
export const PREVIEWS_EACH = 50;
const ARRIVAL_SECONDS = 60;
/** A browser's connections per host over HTTP/1.1. */
const CONNECTIONS = 6;

export interface CrowdResult {
  requests: number;
  statuses: Record<string, number>;
  seconds: number;
}

/** A request that got no answer at all (the connection failed) is counted as status 0. */
async function ask(url: string, init?: RequestInit): Promise<Response | undefined> {
  try {
    return await fetch(url, init);
  } catch {
    return undefined;
  }
}

async function visit(env: TestStack, publicId: string, count: (status: number) => void): Promise<void> {
  const view = await ask(`${env.demo.apiUrl}/public/galleries/${publicId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  count(view?.status ?? 0);
  if (!view?.ok) return;
  const photos = ((await view.json()) as PublicGalleryView).photos.slice(0, PREVIEWS_EACH);
  const edge = new URL(env.demo.apiUrl).origin;
  let next = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < photos.length) {
        const answer = await ask(`${edge}${photos[next++]!.gridUrl}`);
        await answer?.arrayBuffer();
        count(answer?.status ?? 0);
      }
    }),
  );
}

export async function sendCrowd(env: TestStack, publicId: string): Promise<CrowdResult> {
  const statuses: Record<string, number> = {};
  let requests = 0;
  const count = (status: number) => {
    requests++;
    statuses[status] = (statuses[status] ?? 0) + 1;
  };
  const started = Date.now();
  await Promise.all(
    Array.from({ length: VISITORS }, async (_, i) => {
      await new Promise((resolve) => setTimeout(resolve, (i * ARRIVAL_SECONDS * 1000) / VISITORS));
      await visit(env, publicId, count);
    }),
  );
  return { requests, statuses, seconds: (Date.now() - started) / 1000 };
}
