/**
 * The team through the local gateway, the Cognito stand-in (invitation mail by the custom-message
 * trigger, SRP sign-in, global sign-out) and dynalite: invitations, roles on every seller call, a
 * photographer's galleries, role changes and removal.
 */
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_ACTIONS } from '#shared/rules/constants';
import { teamErrors } from '#shared/texts/team-errors';
import { serverErrors } from '#shared/texts/errors';
import { sellerToolErrors } from '#shared/texts/seller-tools-errors';
import { captchaToken, useTestStack } from '@shutterlane/harness/local-stack';
import {
  cognitoClient,
  createVerifiedSeller,
  idToken,
  linkIn,
  uniqueEmail,
  waitForMail,
} from '@shutterlane/harness/accounts';
import { srpSignIn } from '@shutterlane/harness/srp-sign-in';

const env = useTestStack();
const PASSWORD = 'team-password-1';
const ON_BASIC = { plan: 'basic', subscriptionStatus: 'active' } as const;

/** The parts of the answers these tests read. */
interface Answer {
  [field: string]: unknown;
  id?: string;
  galleryId?: string;
  members?: { id: string; role: string; status: string }[];
  galleries?: { galleryId: string }[];
}

async function call(token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${env.demo.apiUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Answer };
}

async function owner(label: string, record: Record<string, unknown> = ON_BASIC) {
  const seller = await createVerifiedSeller(
    env.stack,
    { label, name: `${label} Owner`, password: PASSWORD },
    record,
  );
  return { ...seller, token: await idToken(env.stack, seller.email, PASSWORD) };
}

/** Invites a member, follows the mailed link to set their password, and signs them in. */
async function joinedMember(ownerToken: string, role: 'manager' | 'photographer') {
  const email = uniqueEmail(role);
  const invited = await call(ownerToken, 'POST', '/members', { email, name: `A ${role}`, role });
  expect(invited).toMatchObject({ status: 201, body: { email, role, status: 'invited' } });
  const link = linkIn(await waitForMail(env.stack, email, 'Join'), '/account-setup');
  const setup = await fetch(`${env.demo.apiUrl}/public/set-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      code: link.searchParams.get('code'),
      password: PASSWORD,
      captchaToken: await captchaToken(env.stack.urls.captcha, CAPTCHA_ACTIONS.setPassword),
    }),
  });
  expect(setup.status).toBe(200);
  const tokens = await srpSignIn(cognitoClient(env.stack), env.stack.cognito, email, PASSWORD);
  return { id: invited.body.id as string, email, token: tokens.IdToken, refreshToken: tokens.RefreshToken };
}

describe('the team', () => {
  let business: Awaited<ReturnType<typeof owner>>;
  let photographer: Awaited<ReturnType<typeof joinedMember>>;
  let manager: Awaited<ReturnType<typeof joinedMember>>;

  beforeAll(async () => {
    business = await owner('team');
    photographer = await joinedMember(business.token, 'photographer');
    manager = await joinedMember(business.token, 'manager');
  });

  it("lists the owner first and the members as joined, and shows a member the business's account with their role", async () => {
    const list = await call(business.token, 'GET', '/members');
    expect(list.status).toBe(200);
    expect(list.body.memberLimit).toBe(2);
    expect(
      list.body.members!.map((m: { id: string; role: string; status: string }) => [m.id, m.role, m.status]),
    ).toEqual([
      [business.userId, 'owner', 'active'],
      [photographer.id, 'photographer', 'active'],
      [manager.id, 'manager', 'active'],
    ]);
    const me = await call(photographer.token, 'GET', '/users');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(business.userId);
    expect(me.body.team).toEqual({
      memberId: photographer.id,
      role: 'photographer',
      name: 'A photographer',
      email: photographer.email,
    });
    expect(me.body.analytics).toBeUndefined();
  });

  it('refuses each role the routes above it, whatever the token says', async () => {
    const refused = { status: 403, body: { message: teamErrors.roleRefused } };
    expect(await call(photographer.token, 'GET', '/orders')).toEqual(refused);
    expect(await call(photographer.token, 'POST', '/billing/portal', {})).toEqual(refused);
    expect(await call(manager.token, 'GET', '/members')).toEqual(refused);
    expect(await call(manager.token, 'POST', '/connect/onboarding', {})).toEqual(refused);
    expect(
      await call(manager.token, 'POST', '/members', { email: uniqueEmail('x'), name: 'Xx', role: 'manager' }),
    ).toEqual(refused);
    expect((await call(manager.token, 'GET', '/orders')).status).toBe(200);
  });

  it('keeps a photographer to the galleries they created or were given, and records who created what', async () => {
    const ownersGallery = await call(business.token, 'POST', '/galleries', { albumName: 'Finish line' });
    expect(ownersGallery.body.createdBy).toBe(business.userId);
    const galleryPath = `/galleries/${ownersGallery.body.galleryId!}`;
    const notFound = { status: 404, body: { message: sellerToolErrors.galleryNotFound } };
    expect(await call(photographer.token, 'GET', galleryPath)).toEqual(notFound);
    const upload = {
      quality: 'original',
      files: [{ name: 'a.jpg', size: 10, contentType: 'image/jpeg', clientFileId: 'team-a' }],
    };
    expect(await call(photographer.token, 'POST', `${galleryPath}/uploads`, upload)).toEqual(notFound);

    const own = await call(photographer.token, 'POST', '/galleries', { albumName: 'Start line' });
    expect(own).toMatchObject({ status: 201, body: { createdBy: photographer.id } });
    let listed = await call(photographer.token, 'GET', '/galleries');
    expect(listed.body.galleries!.map((g: { galleryId: string }) => g.galleryId)).toEqual([
      own.body.galleryId,
    ]);

    const given = await call(manager.token, 'POST', `${galleryPath}/photographers`, {
      memberIds: [photographer.id],
    });
    expect(given).toMatchObject({ status: 200, body: { photographers: [photographer.id] } });
    expect((await call(photographer.token, 'GET', galleryPath)).status).toBe(200);
    const uploaded = await call(photographer.token, 'POST', `${galleryPath}/uploads`, upload);
    expect(uploaded.status).toBe(200);
    listed = await call(photographer.token, 'GET', '/galleries');
    expect(listed.body.galleries).toHaveLength(2);
    const byPhotographer = await call(business.token, 'GET', `/galleries?createdBy=${photographer.id}`);
    expect(byPhotographer.body.galleries!.map((g: { galleryId: string }) => g.galleryId)).toEqual([
      own.body.galleryId,
    ]);
    const stranger = await call(manager.token, 'POST', `${galleryPath}/photographers`, {
      memberIds: ['not-a-member-1'],
    });
    expect(stranger).toEqual({ status: 400, body: { message: teamErrors.notAMember } });
  });

  it("keeps the plan's member limit and the owner's role", async () => {
    const third = await call(business.token, 'POST', '/members', {
      email: uniqueEmail('third'),
      name: 'Third',
      role: 'manager',
    });
    expect(third).toEqual({ status: 403, body: { message: teamErrors.teamFull(2) } });
    const onOwner = await call(business.token, 'PATCH', `/members/${business.userId}`, { role: 'manager' });
    expect(onOwner).toEqual({ status: 400, body: { message: teamErrors.ownerIsFixed } });
    const noPlan = await owner('alone', {});
    const refused = await call(noPlan.token, 'POST', '/members', {
      email: uniqueEmail('m'),
      name: 'Mm',
      role: 'manager',
    });
    expect(refused).toEqual({ status: 403, body: { message: teamErrors.noTeamOnPlan } });
    // Another business's member is not this owner's to change or remove.
    expect((await call(noPlan.token, 'DELETE', `/members/${manager.id}`)).status).toBe(404);
    expect(
      (await call(noPlan.token, 'PATCH', `/members/${manager.id}`, { role: 'photographer' })).status,
    ).toBe(404);
  });

  it('changes a role from the next call, and a removal refuses the old token and the refresh token at once', async () => {
    const other = await owner('removal');
    const member = await joinedMember(other.token, 'photographer');
    expect((await call(member.token, 'GET', '/orders')).status).toBe(403);
    const changed = await call(other.token, 'PATCH', `/members/${member.id}`, { role: 'manager' });
    expect(changed).toMatchObject({ status: 200, body: { role: 'manager' } });
    expect((await call(member.token, 'GET', '/orders')).status).toBe(200);

    expect((await call(other.token, 'DELETE', `/members/${member.id}`)).status).toBe(204);
    expect(await call(member.token, 'GET', '/users')).toEqual({
      status: 401,
      body: { message: serverErrors.unauthorized },
    });
    const refreshed = cognitoClient(env.stack).send(
      new InitiateAuthCommand({
        ClientId: env.stack.cognito.clientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: member.refreshToken },
      }),
    );
    await expect(refreshed).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    const list = await call(other.token, 'GET', '/members');
    expect(list.body.members!.map((m: { id: string }) => m.id)).toEqual([other.userId]);
  });
});
