/**
 * No seller id reaches a customer: not in the order calls' JSON, not in any signed URL (the
 * object keys included), not in the headers S3 answers those URLs with, not in the ZIP's entry names
 * and not in the confirmation email. Seller ids once let anyone attach a subscription to another
 * seller's account, so they stay on the server.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { getOrder } from '../../functions/domains/orders/order-store';
import { FulfilledOrder, PublicOrder } from '#shared/schemas/order';
import { zipStream } from '../../web/src/features/order-gallery/zip/zip';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { readZip } from '../support/zip-reader';
import { checkoutCalls, freshOrder, mailTo, uniqueEmail } from './checkout-helpers';

let sellerId: string;

const env = useTestStack();
beforeAll(async () => {
  sellerId = (await getOrder(env.demo.orders.free.id))!.sellerId;
});

/** A customer's call to the public API, answered as raw text, so nothing is lost to parsing. */
async function postRaw(path: string, body: unknown): Promise<{ status: number; text: string }> {
  const response = await fetch(`${env.demo.apiUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const headers = [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n');
  return { status: response.status, text: `${headers}\n\n${await response.text()}` };
}

const token = () => checkoutCalls(env).token('public_order_check');
const bodyOf = (text: string): unknown => JSON.parse(text.slice(text.indexOf('\n\n') + 2));

/** The URL, its decoded path (the object key), and every header S3 answers it with. */
async function expectNoSellerIdIn(url: string): Promise<void> {
  expect(url).not.toContain(sellerId);
  expect(decodeURIComponent(new URL(url).pathname)).not.toContain(sellerId);
  const response = await fetch(url);
  expect(response.status).toBe(200);
  await response.arrayBuffer();
  for (const [name, value] of response.headers) expect(`${name}: ${value}`).not.toContain(sellerId);
}

describe('what a customer receives names no seller', () => {
  it('checks itself: the demo orders belong to a seller with an id', () => {
    expect(sellerId).toMatch(/^[\w-]{8,}$/);
  });

  it('the order page of a free and of a paid order: JSON, thumbnail URLs and their answers', async () => {
    for (const kind of ['free', 'paid'] as const) {
      const answer = await postRaw(`/public/orders/${env.demo.orders[kind].id}`, {
        captchaToken: await token(),
      });
      expect(answer.status).toBe(200);
      expect(answer.text).not.toContain(sellerId);
      const order = PublicOrder.parse(bodyOf(answer.text));
      expect(order.photos.length).toBeGreaterThan(0);
      for (const photo of order.photos) {
        await expectNoSellerIdIn(photo.thumbnailUrl);
        await expectNoSellerIdIn(photo.thumbnailWebpUrl!);
      }
    }
  });

  it("a fulfilled order's photos: JSON, every signed URL and its answer, the ZIP's entry names", async () => {
    const answer = await postRaw(`/public/orders/${env.demo.orders.fulfilled.id}/photos`, {
      captchaToken: await token(),
    });
    expect(answer.status).toBe(200);
    expect(answer.text).not.toContain(sellerId);
    const order = FulfilledOrder.parse(bodyOf(answer.text));
    const photos = Object.entries(order.photoUrls);
    expect(photos.length).toBeGreaterThan(0);
    for (const [, photo] of photos) {
      await expectNoSellerIdIn(photo.url);
      await expectNoSellerIdIn(photo.thumbnailUrl!);
      await expectNoSellerIdIn(photo.thumbnailWebpUrl!);
      await expectNoSellerIdIn(photo.optimizedWebpUrl!);
      await expectNoSellerIdIn(photo.gridWebpUrl!);
    }

    // The gallery's own ZIP code, as the page runs it.
    const zip = zipStream(
      photos.map(([photoId, photo]) => ({ photoId, url: photo.url })),
      () => undefined,
      (input) => fetch(input),
    );
    const entries = readZip(Buffer.from(await new Response(zip).arrayBuffer()));
    expect(entries.map((entry) => entry.name).sort()).toEqual(photos.map(([id]) => `${id}.jpg`).sort());
    for (const entry of entries) expect(entry.name).not.toContain(sellerId);
  });

  it("a free order's checkout answers and its confirmation email", async () => {
    const order = await freshOrder(env);
    const email = uniqueEmail('privacy');
    const calls = checkoutCalls(env);
    const validated = await postRaw(`/orders/${order.orderId}/validate-checkout`, {
      customerEmail: email,
      captchaToken: await calls.token('validate_checkout'),
    });
    expect(validated.status).toBe(200);
    expect(validated.text).not.toContain(sellerId);
    const { sessionId } = (bodyOf(validated.text) as { orderDetails: { sessionId: string } }).orderDetails;
    const completed = await postRaw(`/orders/${order.orderId}/complete-checkout`, {
      sessionId,
      captchaToken: await calls.token('complete_checkout'),
    });
    expect(completed.status).toBe(200);
    expect(completed.text).not.toContain(sellerId);
    await expect.poll(async () => (await mailTo(env, email)).length).toBe(1);
    expect(JSON.stringify(await mailTo(env, email))).not.toContain(sellerId);
  });
});
