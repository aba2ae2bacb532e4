/**
 * PIN galleries for the integration and security tests: a gallery published with a PIN, PINs typed from
 * given addresses (as many phones or a guesser's machines would), and its counts of wrong PINs read, or
 * set directly to stand for the hours a guesser would take to reach them.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CAPTCHA_ACTIONS } from '../../shared/contract/captcha-actions';
import type { PublishGalleryBody } from '../../shared/schemas/public-gallery';
import { dynamo, tableName } from '../../functions/lib/dynamo';
import {
  getPublicGallery,
  PIN_ATTEMPT_FIELDS,
} from '../../functions/domains/public-galleries/public-gallery-store';
import { captchaToken, type TestStack } from './local-stack';
import { call, createGallery, type Answer, type Seller } from './seller-tools-helpers';

export const RIGHT_PIN = '482193';
export const WRONG_PIN = '000000';

export const pinSettings = (pin: string): PublishGalleryBody => ({
  published: true,
  settings: {
    title: 'School sports day',
    pin,
    pricing: { currency: 'GBP', perPhotoMinor: 0, bundles: [] },
    watermark: { kind: 'text', text: 'PROOF', position: 'center', opacity: 0.5 },
  },
  faceSearch: { enabled: false },
});

/** A new gallery of the seller's, published with the PIN. */
export async function pinGallery(
  env: TestStack,
  seller: Seller,
  pin = RIGHT_PIN,
): Promise<{ galleryId: string; publicId: string }> {
  const galleryId = await createGallery(env, seller, 'Sports day');
  const published = await call(env, seller, 'POST', `/galleries/${galleryId}/public`, pinSettings(pin));
  if (published.status !== 200)
    throw new Error(`publish: ${published.status} ${JSON.stringify(published.body)}`);
  return { galleryId, publicId: published.body.publicId as string };
}

/** The PIN form's call (the gallery's view), sent from `address` as CloudFront forwards it. */
export async function typePin(
  env: TestStack,
  publicId: string,
  body: { pin?: string; captchaToken?: string },
  address = '198.51.100.7',
): Promise<Answer> {
  const response = await fetch(`${env.demo.apiUrl}/public/galleries/${publicId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Answer['body'],
  };
}

/** A good token for a PIN attempt, as the PIN form's invisible check gets one. */
export const pinToken = (env: TestStack): Promise<string> =>
  captchaToken(env.stack.urls.captcha, CAPTCHA_ACTIONS.publicGalleryPin);

/** `count` wrong PINs at once, from `addresses` in turn, each with a good token of its own. */
export async function wrongPinsAtOnce(
  env: TestStack,
  publicId: string,
  count: number,
  addresses = ['198.51.100.1', '198.51.100.2', '203.0.113.3', '203.0.113.4', '192.0.2.5'],
): Promise<Answer[]> {
  const tokens = await Promise.all(Array.from({ length: count }, () => pinToken(env)));
  return Promise.all(
    tokens.map((token, i) =>
      typePin(env, publicId, { pin: WRONG_PIN, captchaToken: token }, addresses[i % addresses.length]),
    ),
  );
}

/** The gallery's counts of wrong PINs as stored. */
export async function pinCounts(publicId: string) {
  const record = await getPublicGallery(publicId);
  return Object.fromEntries(PIN_ATTEMPT_FIELDS.map((field) => [field, record?.[field]]));
}

/** Sets counts on the gallery's item (a guesser's hours of tries, without the hours). */
export async function setPinCounts(
  publicId: string,
  counts: { pinFailures: number; pinStreak: number; pinLastFailureAt?: number },
): Promise<void> {
  const fields = Object.entries(counts);
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName('publicGalleries'),
      Key: { publicId },
      UpdateExpression: `SET ${fields.map(([name]) => `${name} = :${name}`).join(', ')}`,
      ExpressionAttributeValues: Object.fromEntries(fields.map(([name, value]) => [`:${name}`, value])),
    }),
  );
}
