/**
 * Unit test of the PIN check with the counts' repository and the human check replaced: what each gate
 * lets through, and that nothing slow (the hash, siteverify) runs for a request the gate refuses. The
 * counts against the stand-ins, concurrent requests included: test/integration/public-gallery-pins.test.ts.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CAPTCHA_ACTIONS } from '#shared/contract/captcha-actions';
import { publicGalleryErrors } from '#shared/texts/public-gallery-errors';
import { PIN_ATTEMPTS } from '#shared/rules/pin-attempts';
import { verifyCaptcha } from '../lib/captcha';
import type * as GalleryPin from '../domains/public-galleries/gallery-pin';
import { hashPin, pinMatches } from '../domains/public-galleries/gallery-pin';
import { HttpError } from '../lib/http-error';
import type * as PinAttemptsRepository from '../domains/public-galleries/pin-attempt-store';
import { claimPinCheck, countWrongPin, endPinStreak } from '../domains/public-galleries/pin-attempt-store';
import type { PublicGalleryRecord } from '../domains/public-galleries/public-gallery-store';
import { testPublicGalleryRecord } from '../domains/public-galleries/public-gallery-fixture';
import { checkPin, type HumanCheck } from './pin-check';

vi.mock('../lib/captcha', () => ({ verifyCaptcha: vi.fn() }));
vi.mock('../domains/public-galleries/gallery-pin', async (original) => {
  const real = await original<typeof GalleryPin>();
  return { ...real, pinMatches: vi.fn(real.pinMatches) };
});
vi.mock('../domains/public-galleries/pin-attempt-store', async (original) => ({
  pinAttemptsOf: (await original<typeof PinAttemptsRepository>()).pinAttemptsOf,
  countWrongPin: vi.fn(),
  endPinStreak: vi.fn(),
  claimPinCheck: vi.fn(),
}));

const NOW = new Date('2026-06-01T10:00:00Z');
const RIGHT = '482193';
beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(claimPinCheck).mockResolvedValue(true);
  vi.mocked(countWrongPin).mockImplementation(async () => ({ failures: 1, streak: 1 }));
});

async function answer(
  record: PublicGalleryRecord & { pinHash: string },
  pin: string | undefined,
  check: HumanCheck = {},
) {
  return checkPin(record, pin, check, NOW).then(
    () => ({ status: 200 }),
    (error: HttpError) => ({ status: error.statusCode, message: error.message, headers: error.headers }),
  );
}

const guarded = {
  pinFailures: 12,
  pinStreak: PIN_ATTEMPTS.freeStreak + 2,
  pinLastFailureAt: NOW.getTime() - 60_000,
};

describe('the PIN check', () => {
  it('within the free streak: a right PIN opens, writing nothing; a wrong one is counted and refused', async () => {
    const record = await pinGallery({ pinFailures: 3 });
    expect(await answer(record, RIGHT)).toEqual({ status: 200 });
    expect(endPinStreak).not.toHaveBeenCalled();
    expect(await answer(record, '000000')).toMatchObject({
      status: 403,
      message: publicGalleryErrors.wrongPin,
    });
    expect(countWrongPin).toHaveBeenCalledWith('public-1', record.pinHash, NOW);
    expect(verifyCaptcha).not.toHaveBeenCalled();
  });

  it('asks for the PIN when none is sent, and counts nothing', async () => {
    const record = await pinGallery();
    expect(await answer(record, undefined)).toMatchObject({
      status: 403,
      message: publicGalleryErrors.pinRequired,
    });
    expect(countWrongPin).not.toHaveBeenCalled();
  });

  it('a right PIN ends the streak it saw', async () => {
    const record = await pinGallery({ pinFailures: 9, pinStreak: 2 });
    expect(await answer(record, RIGHT)).toEqual({ status: 200 });
    expect(endPinStreak).toHaveBeenCalledWith('public-1', record.pinHash, 2);
  });

  it('during the delay: 429 with Retry-After and its words, before any hash or human check', async () => {
    const record = await pinGallery({ ...guarded, pinLastFailureAt: NOW.getTime() - 1_500 });
    // A streak of 7: four seconds after the last wrong PIN, 2.5 s of it left.
    expect(await answer(record, RIGHT, { captchaToken: 'token' })).toEqual({
      status: 429,
      message: publicGalleryErrors.pinWait(3),
      headers: { 'retry-after': '3' },
    });
    expect(pinMatches).not.toHaveBeenCalled();
    expect(verifyCaptcha).not.toHaveBeenCalled();
  });

  it('past the free streak: 400 without a human check, then the check, the turn and the hash in that order', async () => {
    const record = await pinGallery(guarded);
    expect(await answer(record, RIGHT)).toMatchObject({
      status: 400,
      message: publicGalleryErrors.pinCheckNeeded,
    });
    expect(pinMatches).not.toHaveBeenCalled();

    expect(await answer(record, RIGHT, { captchaToken: 'token', remoteIp: '203.0.113.9' })).toEqual({
      status: 200,
    });
    expect(verifyCaptcha).toHaveBeenCalledWith('token', CAPTCHA_ACTIONS.publicGalleryPin, '203.0.113.9');
    expect(claimPinCheck).toHaveBeenCalledWith(
      'public-1',
      record.pinHash,
      expect.objectContaining({ failures: 12, streak: 7 }),
      NOW,
      PIN_ATTEMPTS.checkHoldMs,
    );
    const order = [verifyCaptcha, claimPinCheck, pinMatches].map(
      (fn) => vi.mocked(fn).mock.invocationCallOrder[0],
    );
    expect(order).toEqual([...order].sort((a, b) => a! - b!));
    expect(endPinStreak).toHaveBeenCalledWith('public-1', record.pinHash, 7);
  });

  it('a refused human check or a turn another request took: no hash, nothing counted', async () => {
    const record = await pinGallery(guarded);
    vi.mocked(verifyCaptcha).mockRejectedValueOnce(new HttpError(403, 'captcha verification failed'));
    expect(await answer(record, '000000', { captchaToken: 'bad' })).toMatchObject({ status: 403 });
    vi.mocked(claimPinCheck).mockResolvedValueOnce(false);
    expect(await answer(record, '000000', { captchaToken: 'good' })).toMatchObject({
      status: 429,
      headers: { 'retry-after': String(PIN_ATTEMPTS.checkHoldMs / 1000) },
    });
    expect(pinMatches).not.toHaveBeenCalled();
    expect(countWrongPin).not.toHaveBeenCalled();
  });

  it('the wrong PIN that reaches the lock is answered with the lock', async () => {
    const record = await pinGallery({ pinFailures: PIN_ATTEMPTS.lockAfter - 1 });
    vi.mocked(countWrongPin).mockResolvedValueOnce({ failures: PIN_ATTEMPTS.lockAfter, streak: 1 });
    expect(await answer(record, '000000')).toMatchObject({
      status: 423,
      message: publicGalleryErrors.pinLocked,
    });
  });

  it('locked: every PIN is refused, the right one too, before any hash', async () => {
    const record = await pinGallery({ pinFailures: PIN_ATTEMPTS.lockAfter });
    for (const pin of [RIGHT, '000000', undefined])
      expect(await answer(record, pin, { captchaToken: 'token' })).toMatchObject({
        status: 423,
        message: publicGalleryErrors.pinLocked,
      });
    expect(pinMatches).not.toHaveBeenCalled();
  });

  it('a right PIN this function already checked passes the delay and the human check, but not the lock', async () => {
    const record = await pinGallery();
    expect(await answer(record, RIGHT)).toEqual({ status: 200 });
    vi.mocked(pinMatches).mockClear();
    const waiting = { ...record, ...guarded, pinLastFailureAt: NOW.getTime() };
    expect(await answer(waiting, RIGHT)).toEqual({ status: 200 });
    expect(await answer(waiting, '000000')).toMatchObject({ status: 429 });
    expect(pinMatches).not.toHaveBeenCalled();
    expect(await answer({ ...record, pinFailures: PIN_ATTEMPTS.lockAfter }, RIGHT)).toMatchObject({
      status: 423,
    });
  });
});

/** A gallery whose PIN is RIGHT, under a hash of its own (so no test finds a PIN another remembered). */
async function pinGallery(counts: Partial<PublicGalleryRecord> = {}) {
  const record = testPublicGalleryRecord({ ...counts, pinHash: await hashPin(RIGHT) });
  return { ...record, pinHash: record.pinHash! };
}
