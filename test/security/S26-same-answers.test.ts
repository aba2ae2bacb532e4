/**
 * S26: sign-up, sign-in, password reset, a new verification link, verification and account setup answer
 * an address with an account exactly like one without (status and body compared whole, sign-up's timing
 * floor too), and nothing is mailed to an address without an account. Moved here from
 * test/integration/accounts-privacy.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { userServerErrors } from '#shared/texts/errors';
import { SIGN_UP_ANSWER_FLOOR_MS } from '../../functions/users/answer-timing';
import { SIGN_UP_ATTEMPT_SUBJECT } from '../../functions/users/sign-up-attempt-mail';
import { mintInvites } from '../../ops/invite';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { idToken, linkIn, uniqueEmail, waitForMail } from '@shutterlane/harness/accounts';
import {
  calls,
  invitedSeller,
  mailsTo,
  NEW_PASSWORD,
  PASSWORD,
  signsInWith,
  unconfirmedSeller,
  useAccountStack,
  userStatus,
  usesLeft,
  verifiedSeller,
} from './support/account-calls';

const env = useTestStack();
beforeAll(async () => {
  useAccountStack(env);
});

describe('S26 the same answers for addresses with and without an account', () => {
  it('S26 sign-up: an existing address is answered like a new one, and only its holder is told, by email', async () => {
    const existing = await verifiedSeller('s26-existing');
    const unconfirmed = await unconfirmedSeller('s26-unconfirmed');
    const fresh = uniqueEmail('s26-fresh');
    const invites = await mintInvites(3, 1, 'S26');
    const timed = async (email: string, inviteCode: string) => {
      const started = Date.now();
      const answer = await calls.signUp({ email, name: 'Someone Else', password: NEW_PASSWORD, inviteCode });
      return { answer, ms: Date.now() - started };
    };
    const forFresh = await timed(fresh, invites[0]!);
    const forExisting = await timed(existing.email, invites[1]!);
    const forUnconfirmed = await timed(unconfirmed.email, invites[2]!);

    expect(forFresh.answer).toEqual({ status: 201, body: { message: userServerErrors.signUpDone } });
    expect(forExisting.answer).toEqual(forFresh.answer);
    expect(forUnconfirmed.answer).toEqual(forFresh.answer);
    // The same timing class: each answer waits out the same floor, whatever work it did.
    for (const { ms } of [forFresh, forExisting, forUnconfirmed])
      expect(ms).toBeGreaterThanOrEqual(SIGN_UP_ANSWER_FLOOR_MS);
    // Every invitation is spent alike: a code's holder cannot test addresses by reusing it.
    for (const code of invites) expect(await usesLeft(code)).toBe(0);

    await waitForMail(env.stack, fresh, 'Verify');
    const notice = await waitForMail(env.stack, existing.email, SIGN_UP_ATTEMPT_SUBJECT);
    expect(linkIn(notice, '/signin').searchParams.get('email')).toBe(existing.email);
    expect(linkIn(notice, '/reset-password').search).toBe('');
    expect(notice.text).toContain('no new account was created and nothing about your account has changed');
    expect(notice.html).toContain('Hello Grace Hopper,');
    // Nothing of the attempt reached the accounts: same status, same password, no second verify mail.
    expect(await userStatus(existing.email)).toBe('CONFIRMED');
    expect(await signsInWith(existing.email, PASSWORD)).toBe(true);
    expect(await signsInWith(existing.email, NEW_PASSWORD)).toBe(false);
    expect(await userStatus(unconfirmed.email)).toBe('UNCONFIRMED');
    expect(await mailsTo(unconfirmed.email, 'Verify')).toHaveLength(1);
    expect(await mailsTo(unconfirmed.email, SIGN_UP_ATTEMPT_SUBJECT)).toHaveLength(1);
    expect(await mailsTo(existing.email, 'Verify')).toHaveLength(0);
  });

  it('S26 sign-in: a wrong password and an unknown address fail alike', async () => {
    const { email } = await verifiedSeller('s26-signin');
    const failure = (address: string) =>
      idToken(env.stack, address, 'not-the-password').then(
        () => 'signed in',
        (error: Error) => `${error.name}: ${error.message}`,
      );
    const known = await failure(email);
    expect(known).toBe('NotAuthorizedException: Incorrect username or password.');
    expect(await failure(uniqueEmail('s26-nobody'))).toBe(known);
  });

  it('S26 password reset: requested and confirmed alike; only the known address gets mail', async () => {
    const { email } = await verifiedSeller('s26-reset');
    const ghost = uniqueEmail('s26-ghost');
    const known = await calls.reset(email);
    expect(known).toEqual({ status: 200, body: { message: userServerErrors.resetRequested } });
    expect(await calls.reset(ghost)).toEqual(known);
    await waitForMail(env.stack, email, 'Reset');

    const wrongCode = (address: string) =>
      calls.confirmReset({ email: address, code: '000000', newPassword: NEW_PASSWORD });
    const knownWrong = await wrongCode(email);
    expect(knownWrong).toEqual({ status: 400, body: { message: userServerErrors.invalidCode } });
    expect(await wrongCode(ghost)).toEqual(knownWrong);
    expect(await mailsTo(ghost)).toEqual([]);
  });

  it('S26 new verification link: alike for an unverified, a verified and an unknown address', async () => {
    const unverified = await unconfirmedSeller('s26-resend');
    const { email: verified } = await verifiedSeller('s26-resend-done');
    const ghost = uniqueEmail('s26-ghost');
    const answer = await calls.resend(unverified.email);
    expect(answer).toEqual({ status: 200, body: { message: userServerErrors.verificationResent } });
    expect(await calls.resend(verified)).toEqual(answer);
    expect(await calls.resend(ghost)).toEqual(answer);
    await expect.poll(async () => (await mailsTo(unverified.email, 'Verify')).length).toBe(2);
    expect(await mailsTo(verified)).toEqual([]);
    expect(await mailsTo(ghost)).toEqual([]);
  });

  it('S26 verification: a wrong code reads the same for an unverified, a verified and an unknown address', async () => {
    const unverified = await unconfirmedSeller('s26-verify');
    const { email: verified } = await verifiedSeller('s26-verify-done');
    const ghost = uniqueEmail('s26-ghost');
    const wrongCode = (email: string) => calls.verify({ email, code: '000000' });
    const answer = await wrongCode(unverified.email);
    expect(answer).toEqual({ status: 400, body: { message: userServerErrors.invalidCode } });
    expect(await wrongCode(verified)).toEqual(answer);
    expect(await wrongCode(ghost)).toEqual(answer);
    // A used link, visited again, says the same: it does not confirm that the address has an account.
    expect(await calls.verify({ email: unverified.email, code: unverified.code })).toEqual({
      status: 200,
      body: { success: true },
    });
    expect(await calls.verify({ email: unverified.email, code: unverified.code })).toEqual(answer);
    expect(await mailsTo(ghost)).toEqual([]);
  });

  it('S26 account setup: a wrong code reads the same for an invited, a verified and an unknown address', async () => {
    const invited = await invitedSeller();
    const { email: verified } = await verifiedSeller('s26-setup-done');
    const wrongCode = (email: string) =>
      calls.setPassword({ email, code: 'Wrong-code-1', password: NEW_PASSWORD });
    const answer = await wrongCode(invited.email);
    expect(answer).toEqual({ status: 400, body: { message: userServerErrors.invalidSetupLink } });
    expect(await wrongCode(verified)).toEqual(answer);
    expect(await wrongCode(uniqueEmail('s26-ghost'))).toEqual(answer);
    // Even the right password of a verified seller is no setup code.
    expect(await calls.setPassword({ email: verified, code: PASSWORD, password: NEW_PASSWORD })).toEqual(
      answer,
    );
  });
});
