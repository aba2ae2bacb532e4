/** Helpers of the signed-URL cases (S18-S20): the fulfilled order's photo URLs and URL surgery. */
import { CAPTCHA_ACTIONS } from '#shared/rules/constants';
import { FulfilledOrder } from '#shared/schemas/order';
import { captchaToken, type TestStack } from '@shutterlane/harness/local-stack';
import { postJson, type Answer } from '../../integration/checkout-helpers';

/** POST /public/orders/{orderId}/photos with a fresh human-check token. */
export async function orderPhotos(env: TestStack, orderId: string): Promise<Answer> {
  return postJson(`${env.demo.apiUrl}/public/orders/${orderId}/photos`, {
    captchaToken: await captchaToken(env.stack.urls.captcha, CAPTCHA_ACTIONS.publicOrderCheck),
  });
}

/** The signed URLs of a fulfilled order's photos. */
export async function fulfilledPhotoUrls(env: TestStack, orderId: string): Promise<FulfilledOrder> {
  const answer = await orderPhotos(env, orderId);
  if (answer.status !== 200)
    throw new Error(`photos of ${orderId}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return FulfilledOrder.parse(answer.body);
}

/** The same URL (signature and all) with another path. */
export const withPath = (signedUrl: string, pathname: string): string => {
  const url = new URL(signedUrl);
  url.pathname = pathname;
  return url.toString();
};

/** The same URL with one query parameter changed. */
export const withParam = (signedUrl: string, name: string, value: string): string => {
  const url = new URL(signedUrl);
  url.searchParams.set(name, value);
  return url.toString();
};

/** `/{bucket}/{key}` of a path-style URL, the key decoded. */
export function bucketAndKey(signedUrl: string): { bucket: string; key: string } {
  const [, bucket, ...key] = new URL(signedUrl).pathname.split('/');
  return { bucket: bucket!, key: key.map(decodeURIComponent).join('/') };
}

export const statusOf = async (url: string, init?: RequestInit): Promise<number> =>
  (await fetch(url, init)).status;
