/**
 * A PIN gallery against a guesser, through the local stack (shared/rules/pin-attempts.ts): wrong PINs
 * sent at once from many addresses all count; past the free streak one check runs at a time, after a
 * human check and the delay (429 with Retry-After meanwhile); the lock refuses every PIN, the right one
 * too, until the seller unlocks it or sets a new PIN; a PIN set before the 6-digit minimum still opens
 * its gallery, and its seller is told.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { publicGalleryErrors } from '#shared/texts/public-gallery-errors';
import { PIN_ATTEMPTS } from '#shared/rules/pin-attempts';
import { PublicGalleryAdmin } from '#shared/schemas/public-gallery';
import { sellerToolErrors } from '#shared/texts/seller-tools-errors';
import { dynamo, tableName } from '../../functions/lib/dynamo';
import { hashPin } from '../../functions/domains/public-galleries/gallery-pin';
import { redeemCaptchaToken, useTestStack } from '@shutterlane/harness/local-stack';
import {
  pinCounts,
  pinGallery,
  pinSettings,
  pinToken,
  RIGHT_PIN,
  setPinCounts,
  typePin,
  WRONG_PIN,
  wrongPinsAtOnce,
} from '@shutterlane/harness/public-gallery-pins';
import { call, newSeller, type Seller } from '@shutterlane/harness/seller-tools-helpers';

const env = useTestStack();
let seller: Seller;
const { freeStreak, lockAfter } = PIN_ATTEMPTS;

beforeAll(async () => {
  seller = await newSeller(env);
}, 30_000);

const admin = async (galleryId: string, as = seller) =>
  call(env, as, 'GET', `/galleries/${galleryId}/public`).then((answer) =>
    PublicGalleryAdmin.parse(answer.body),
  );

describe('wrong PINs', () => {
  it('sent at once from many addresses, all count', async () => {
    const { galleryId, publicId } = await pinGallery(env, seller);
    // Within the free streak every one is checked and answered as wrong.
    const first = await wrongPinsAtOnce(env, publicId, freeStreak - 1);
    expect(first.map((answer) => answer.body.message)).toEqual(
      new Array(freeStreak - 1).fill(publicGalleryErrors.wrongPin),
    );
    expect(await pinCounts(publicId)).toMatchObject({
      pinFailures: freeStreak - 1,
      pinStreak: freeStreak - 1,
    });

    // Twenty more at once: those read before the streak reached the guard are checked, the others refused
    // before the hash. Each one checked is counted, none lost to another's write.
    const more = await wrongPinsAtOnce(env, publicId, 20);
    const checked = more.filter((answer) => answer.body.message === publicGalleryErrors.wrongPin).length;
    expect(checked).toBeGreaterThanOrEqual(1);
    for (const answer of more) expect([403, 429]).toContain(answer.status);
    expect(await pinCounts(publicId)).toMatchObject({
      pinFailures: freeStreak - 1 + checked,
      pinStreak: freeStreak - 1 + checked,
    });
    const status = (await admin(galleryId)).pin!;
    expect(status).toMatchObject({ failures: freeStreak - 1 + checked, locked: false, belowMinimum: false });
    expect(Date.parse(status.lastFailureAt!)).toBeGreaterThan(Date.now() - 60_000);
  }, 30_000);

  it('past the free streak: one check at a time, each after its human check', async () => {
    const { publicId } = await pinGallery(env, seller);
    await setPinCounts(publicId, {
      pinFailures: 30,
      pinStreak: freeStreak + 3,
      pinLastFailureAt: Date.now() - 60_000,
    });
    const answers = await wrongPinsAtOnce(env, publicId, 8);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([403, 429, 429, 429, 429, 429, 429, 429]);
    expect(answers.find((answer) => answer.status === 403)!.body.message).toBe(publicGalleryErrors.wrongPin);
    expect((await pinCounts(publicId)).pinFailures).toBe(31);
  }, 30_000);
});

describe('the delay and the human check', () => {
  it('answer 429 with Retry-After before anything is checked, then ask for the check, then let the right PIN in', async () => {
    const { publicId } = await pinGallery(env, seller);
    // A streak of 8: 8 s after the last wrong PIN.
    await setPinCounts(publicId, { pinFailures: 8, pinStreak: freeStreak + 3, pinLastFailureAt: Date.now() });
    const token = await pinToken(env);
    const waiting = await typePin(env, publicId, { pin: RIGHT_PIN, captchaToken: token });
    expect(waiting.status).toBe(429);
    const seconds = Number(waiting.headers.get('retry-after'));
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(8);
    expect(waiting.body).toEqual({ message: publicGalleryErrors.pinWait(seconds) });
    // Refused before its human check: the token was never spent.
    expect(await redeemCaptchaToken(env.stack.urls.captcha, token)).toBe(true);

    await setPinCounts(publicId, {
      pinFailures: 8,
      pinStreak: freeStreak + 3,
      pinLastFailureAt: Date.now() - 9_000,
    });
    expect(await typePin(env, publicId, { pin: RIGHT_PIN })).toMatchObject({
      status: 400,
      body: { message: publicGalleryErrors.pinCheckNeeded },
    });
    const opened = await typePin(env, publicId, { pin: RIGHT_PIN, captchaToken: await pinToken(env) });
    expect(opened.status).toBe(200);
    // The right PIN ended the streak: the next customers need no check; the count that locks stays.
    expect(await pinCounts(publicId)).toMatchObject({
      pinFailures: 8,
      pinStreak: 0,
      pinCheckUntil: undefined,
    });
    expect((await typePin(env, publicId, { pin: RIGHT_PIN }, '192.0.2.77')).status).toBe(200);
  }, 30_000);
});

describe('the lock', () => {
  it('refuses every PIN, the right one too, until the seller unlocks it; then the right PIN opens', async () => {
    const { galleryId, publicId } = await pinGallery(env, seller);
    await setPinCounts(publicId, { pinFailures: lockAfter - 1, pinStreak: 0 });
    expect(await typePin(env, publicId, { pin: WRONG_PIN })).toMatchObject({
      status: 423,
      body: { message: publicGalleryErrors.pinLocked },
    });
    for (const pin of [RIGHT_PIN, WRONG_PIN, undefined])
      expect(
        await typePin(env, publicId, { ...(pin && { pin }), captchaToken: await pinToken(env) }),
      ).toMatchObject({
        status: 423,
        body: { message: publicGalleryErrors.pinLocked },
      });
    const search = await call(env, undefined, 'POST', `/public/galleries/${publicId}/search`, {
      pin: RIGHT_PIN,
      descriptor: new Array(128).fill(0),
    });
    expect(search.status).toBe(423);
    const locked = (await admin(galleryId)).pin!;
    expect(locked).toMatchObject({ failures: lockAfter, locked: true });
    expect(Date.parse(locked.lockedAt!)).toBeGreaterThan(Date.now() - 60_000);

    // Another seller cannot unlock it: not found, nothing changed.
    const other = await newSeller(env);
    expect(await call(env, other, 'POST', `/galleries/${galleryId}/public/pin-unlock`)).toMatchObject({
      status: 404,
      body: { message: sellerToolErrors.galleryNotFound },
    });
    expect((await typePin(env, publicId, { pin: RIGHT_PIN })).status).toBe(423);

    const unlocked = await call(env, seller, 'POST', `/galleries/${galleryId}/public/pin-unlock`);
    expect(unlocked.status).toBe(200);
    expect(PublicGalleryAdmin.parse(unlocked.body).pin).toEqual({
      failures: 0,
      locked: false,
      belowMinimum: false,
    });
    expect((await typePin(env, publicId, { pin: RIGHT_PIN })).status).toBe(200);
  }, 60_000);

  it('is lifted by a new PIN too, which alone opens the gallery then', async () => {
    const { galleryId, publicId } = await pinGallery(env, seller);
    await setPinCounts(publicId, { pinFailures: lockAfter, pinStreak: 40, pinLastFailureAt: Date.now() });
    expect((await typePin(env, publicId, { pin: RIGHT_PIN })).status).toBe(423);
    const saved = await call(env, seller, 'POST', `/galleries/${galleryId}/public`, pinSettings('73519024'));
    expect(PublicGalleryAdmin.parse(saved.body).pin).toEqual({
      failures: 0,
      locked: false,
      belowMinimum: false,
    });
    expect((await typePin(env, publicId, { pin: '73519024' })).status).toBe(200);
    expect((await typePin(env, publicId, { pin: RIGHT_PIN })).body.message).toBe(
      publicGalleryErrors.wrongPin,
    );
  }, 30_000);

  it('cannot be unlocked where there is no PIN: 409, nothing changed', async () => {
    const { galleryId } = await pinGallery(env, seller);
    await call(env, seller, 'POST', `/galleries/${galleryId}/public`, {
      ...pinSettings(RIGHT_PIN),
      removePin: true,
      settings: { ...pinSettings(RIGHT_PIN).settings, pin: undefined },
    });
    expect(await call(env, seller, 'POST', `/galleries/${galleryId}/public/pin-unlock`)).toMatchObject({
      status: 409,
      body: { message: publicGalleryErrors.noPin },
    });
  });
});

describe('PIN length', () => {
  it('a new PIN needs 6 digits; one of 4 set before still opens its gallery, and its seller is told', async () => {
    const { galleryId, publicId } = await pinGallery(env, seller);
    const short = await call(env, seller, 'POST', `/galleries/${galleryId}/public`, pinSettings('4826'));
    expect(short.status).toBe(400);
    // A PIN saved before the minimum: 4 digits, no length recorded.
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('publicGalleries'),
        Key: { publicId },
        UpdateExpression: 'SET pinHash = :hash REMOVE pinLength',
        ExpressionAttributeValues: { ':hash': await hashPin('4826') },
      }),
    );
    expect((await typePin(env, publicId, { pin: '4826' })).status).toBe(200);
    expect((await admin(galleryId)).pin).toMatchObject({ belowMinimum: true, locked: false });
    // Saving other settings keeps it; a new PIN of 6 digits ends the notice.
    const kept = await call(env, seller, 'POST', `/galleries/${galleryId}/public`, {
      ...pinSettings(RIGHT_PIN),
      settings: { ...pinSettings(RIGHT_PIN).settings, pin: undefined, title: 'Renamed' },
    });
    expect(PublicGalleryAdmin.parse(kept.body).pin?.belowMinimum).toBe(true);
    expect((await typePin(env, publicId, { pin: '4826' })).status).toBe(200);
    await call(env, seller, 'POST', `/galleries/${galleryId}/public`, pinSettings(RIGHT_PIN));
    expect((await admin(galleryId)).pin?.belowMinimum).toBe(false);
  }, 30_000);
});
