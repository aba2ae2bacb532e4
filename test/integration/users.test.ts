/**
 * The users API through the local gateway, Cognito stand-in (with the PreSignUp and CustomMessage
 * triggers run as in AWS), dynalite and the mail outbox.
 */
import { AdminGetUserCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { CAPTCHA_ACTIONS } from '#shared/rules/constants';
import { signUpErrors, userServerErrors } from '#shared/texts/errors';
import { User } from '#shared/schemas/user';
import { mintInvites } from '../../ops/invite';
import { dynamo, tableName } from '../../functions/lib/dynamo';
import { captchaToken, useTestStack } from '@shutterlane/harness/local-stack';
import {
  adminCreatedSeller,
  cognitoClient,
  idToken,
  linkIn,
  uniqueEmail,
  waitForMail,
} from '@shutterlane/harness/accounts';

const env = useTestStack();

const PASSWORD = 'first-password-1';

async function call(method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${env.demo.apiUrl}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token && { authorization: `Bearer ${token}` }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

type CaptchaAction = (typeof CAPTCHA_ACTIONS)[keyof typeof CAPTCHA_ACTIONS];

/** A public account call with a fresh human-check token for its action. */
async function checkedCall(path: string, action: CaptchaAction, body: Record<string, unknown>) {
  const token = await captchaToken(env.stack.urls.captcha, action);
  return call('POST', path, { ...body, captchaToken: token });
}

const signUp = (email: string, inviteCode: string, name = 'Ada Lovelace') =>
  checkedCall('/public/users', CAPTCHA_ACTIONS.signup, { email, name, password: PASSWORD, inviteCode });

const usesLeft = async (code: string) => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName('invites'), Key: { code }, ConsistentRead: true }),
  );
  return Item?.usesLeft as number;
};

const cognitoUserExists = async (email: string) =>
  cognitoClient(env.stack)
    .send(new AdminGetUserCommand({ UserPoolId: env.stack.cognito.userPoolId, Username: email }))
    .then(
      () => true,
      () => false,
    );

/** Signs up, follows the verification link and signs in: the new seller's ID token. */
async function verifiedSeller(name: string) {
  const email = uniqueEmail('seller');
  const [code] = await mintInvites(1, 1, 'users test');
  expect((await signUp(email, code!, name)).status).toBe(201);
  const link = linkIn(await waitForMail(env.stack, email, 'Verify'), '/verify');
  const verified = await checkedCall('/public/verify-email', CAPTCHA_ACTIONS.verifyEmail, {
    email: link.searchParams.get('email'),
    code: link.searchParams.get('code'),
  });
  expect(verified).toEqual({ status: 200, body: { success: true } });
  return { email, token: await idToken(env.stack, email, PASSWORD) };
}

describe('sign-up with an invitation code', () => {
  it('creates the Cognito user and the profile, mails a verification link, and the seller signs in', async () => {
    const { email, token } = await verifiedSeller('Ada Lovelace');
    const me = await call('GET', '/users', undefined, token);
    expect(me.status).toBe(200);
    const user = User.parse(me.body);
    expect(user).toMatchObject({ name: 'Ada Lovelace', email });
    expect(user.subscription.hasSubscription).toBe(false);
    expect(user.entitlements.paymentAcceptanceEnabled).toBe(false);
    expect(user.analytics).toEqual({ totalPhotoCount: 0, totalOrderCount: 0, totalSales: 0 });
  });

  it('refuses a used-up invitation code with a 4xx and creates nothing', async () => {
    const [code] = await mintInvites(1, 1);
    expect((await signUp(uniqueEmail('first'), code!)).status).toBe(201);
    const late = uniqueEmail('late');
    const refused = await signUp(late, code!);
    expect(refused).toEqual({ status: 409, body: { message: userServerErrors.inviteRefused } });
    expect(await cognitoUserExists(late)).toBe(false);
    expect(await usesLeft(code!)).toBe(0);
  });

  it('refuses an unknown invitation code', async () => {
    const refused = await signUp(uniqueEmail('nobody'), 'NOT-A-CODE');
    expect(refused.status).toBe(409);
  });

  it('answers a second sign-up of the same address like the first, spending the invitation (S26 in test/security)', async () => {
    const [first, second] = await mintInvites(2, 1);
    const email = uniqueEmail('twice');
    const answer = await signUp(email, first!);
    expect(answer).toEqual({ status: 201, body: { message: userServerErrors.signUpDone } });
    expect(await signUp(email, second!)).toEqual(answer);
    expect(await usesLeft(second!)).toBe(0);
  });

  it('refuses a failed human check before touching the invitation', async () => {
    const [code] = await mintInvites(1, 1);
    const captcha = await captchaToken(env.stack.urls.captcha, 'other_action');
    const answer = await call('POST', '/public/users', {
      email: uniqueEmail('robot'),
      name: 'Robot',
      password: PASSWORD,
      captchaToken: captcha,
      inviteCode: code,
    });
    expect(answer).toEqual({ status: 403, body: { message: signUpErrors.robotCheckFailed } });
    expect(await usesLeft(code!)).toBe(1);
  });

  it('closes Cognito self sign-up to calls that skip the API', async () => {
    const email = uniqueEmail('direct');
    const direct = cognitoClient(env.stack).send(
      new SignUpCommand({
        ClientId: env.stack.cognito.clientId,
        Username: email,
        Password: PASSWORD,
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    );
    await expect(direct).rejects.toMatchObject({ name: 'UserLambdaValidationException' });
    expect(await cognitoUserExists(email)).toBe(false);
  });
});

describe('GET and PATCH /users', () => {
  it('answers each seller with their own record only', async () => {
    const a = await verifiedSeller('Seller A');
    const b = await verifiedSeller('Seller B');
    const meA = User.parse((await call('GET', '/users', undefined, a.token)).body);
    const meB = User.parse((await call('GET', '/users', undefined, b.token)).body);
    expect(meA.email).toBe(a.email);
    expect(meB.email).toBe(b.email);
    expect(meA.id).not.toBe(meB.id);
    // The route takes no user id: query strings and bodies cannot point it elsewhere.
    const sneaky = await call('GET', `/users?userId=${meA.id}`, undefined, b.token);
    expect(User.parse(sneaky.body).id).toBe(meB.id);
    expect((await call('GET', '/users')).status).toBe(401);
  });

  it('saves name and website', async () => {
    const { token } = await verifiedSeller('Before Name');
    const saved = await call(
      'PATCH',
      '/users',
      { name: 'After Name', website: 'https://example.com' },
      token,
    );
    expect(saved.status).toBe(200);
    const me = User.parse((await call('GET', '/users', undefined, token)).body);
    expect(me).toMatchObject({ name: 'After Name', website: 'https://example.com' });
    const bad = await call('PATCH', '/users', { name: 'A' }, token);
    expect(bad).toEqual({ status: 400, body: { message: 'name: Name must be at least 2 characters long' } });
  });
});

describe('password reset and verification', () => {
  it('answers unknown emails like known ones', async () => {
    const { email } = await verifiedSeller('Known');
    const reset = (address: string) =>
      checkedCall('/public/request-password-reset', CAPTCHA_ACTIONS.requestPasswordReset, { email: address });
    const resend = (address: string) =>
      checkedCall('/public/resend-verification', CAPTCHA_ACTIONS.resendVerification, { email: address });
    const known = await reset(email);
    const unknown = await reset(uniqueEmail('ghost'));
    expect(known).toEqual({ status: 200, body: { message: userServerErrors.resetRequested } });
    expect(unknown).toEqual(known);
    const resendUnknown = await resend(uniqueEmail('ghost'));
    const resendVerified = await resend(email);
    expect(resendUnknown).toEqual({ status: 200, body: { message: userServerErrors.verificationResent } });
    expect(resendVerified).toEqual(resendUnknown);
  });

  it('resets a password with the emailed code', async () => {
    const { email } = await verifiedSeller('Forgetful');
    await checkedCall('/public/request-password-reset', CAPTCHA_ACTIONS.requestPasswordReset, { email });
    const link = linkIn(await waitForMail(env.stack, email, 'Reset'), '/reset-password');
    const code = link.searchParams.get('code')!;
    expect(code).toMatch(/^\d{6}$/);
    const confirm = (body: Record<string, unknown>) =>
      checkedCall('/public/confirm-password-reset', CAPTCHA_ACTIONS.confirmPasswordReset, body);
    const wrong = await confirm({
      email,
      code: code === '000000' ? '111111' : '000000',
      newPassword: 'second-password-2',
    });
    expect(wrong).toEqual({ status: 400, body: { message: userServerErrors.invalidCode } });
    const reset = await confirm({
      email,
      code,
      newPassword: 'second-password-2',
    });
    expect(reset.status).toBe(200);
    await expect(idToken(env.stack, email, 'second-password-2')).resolves.toBeTruthy();
  });

  it('refuses a wrong verification code', async () => {
    const email = uniqueEmail('unverified');
    const [code] = await mintInvites(1, 1);
    await signUp(email, code!);
    const wrong = await checkedCall('/public/verify-email', CAPTCHA_ACTIONS.verifyEmail, {
      email,
      code: 'nope',
    });
    expect(wrong).toEqual({ status: 400, body: { message: userServerErrors.invalidCode } });
  });
});

describe('account setup of an administrator-created user', () => {
  it('mails a setup link; the code sets the password once', async () => {
    const { email, code } = await adminCreatedSeller(env.stack);
    const setPassword = (body: Record<string, unknown>) =>
      checkedCall('/public/set-password', CAPTCHA_ACTIONS.setPassword, body);
    const wrong = await setPassword({ email, code: `${code}x`, password: 'chosen-password' });
    expect(wrong).toEqual({ status: 400, body: { message: userServerErrors.invalidSetupLink } });
    const done = await setPassword({ email, code, password: 'chosen-password' });
    expect(done).toEqual({ status: 200, body: { success: true } });
    const token = await idToken(env.stack, email, 'chosen-password');
    expect(User.parse((await call('GET', '/users', undefined, token)).body).name).toBe('Invited Seller');
    const reused = await setPassword({ email, code, password: 'other-password' });
    expect(reused.status).toBe(400);
  });
});
