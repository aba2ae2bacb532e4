/**
 * The team through the local gateway, the Cognito stand-in (invitation mail by the custom-message
 * trigger, SRP sign-in, global sign-out) and dynalite: invitations, roles on every seller call, a
 * photographer's galleries, role changes and removal.
 */
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, it } from 'vitest';
import { teamErrors } from '#shared/texts/team-errors';
import { sellerToolErrors } from '#shared/texts/seller-tools-errors';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { cognitoClient, uniqueEmail } from '@shutterlane/harness/accounts';
import {
  call,
  jpeg,
  newSeller,
  uploadFiles,
  waitForPhotos,
  type Seller,
} from '@shutterlane/harness/seller-tools-helpers';
import { getPhoto } from '../../functions/domains/galleries/photo-store';
import { joinedMember, type Member } from '@shutterlane/harness/team-members';

const env = useTestStack();
const ON_BASIC = { plan: 'basic', subscriptionStatus: 'active' } as const;

const idsOf = (list: unknown) =>
  (list as { id?: string; galleryId?: string }[]).map((x) => x.id ?? x.galleryId);

describe('the team', () => {
  let owner: Seller;
  let photographer: Member;
  let manager: Member;

  beforeAll(async () => {
    owner = await newSeller(env, ON_BASIC);
    photographer = await joinedMember(env, owner, 'photographer');
    manager = await joinedMember(env, owner, 'manager');
  });

  it("lists the owner first and the members as joined, and shows a member the business's account with their role", async () => {
    const list = await call(env, owner, 'GET', '/members');
    expect(list.status).toBe(200);
    expect(list.body.memberLimit).toBe(2);
    const members = list.body.members as { id: string; role: string; status: string }[];
    expect(members.map((m) => [m.id, m.role, m.status])).toEqual([
      [owner.userId, 'owner', 'active'],
      [photographer.userId, 'photographer', 'active'],
      [manager.userId, 'manager', 'active'],
    ]);
    const me = await call(env, photographer, 'GET', '/users');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(owner.userId);
    expect(me.body.team).toEqual({
      memberId: photographer.userId,
      role: 'photographer',
      name: photographer.name,
      email: photographer.email,
      memberCount: 2,
    });
    expect(me.body.analytics).toBeUndefined();
  });

  it('refuses each role the routes above it, whatever the token says', async () => {
    const refused = { status: 403, body: { message: teamErrors.roleRefused } };
    const answer = async (who: Seller, method: string, path: string, body?: unknown) => {
      const { status, body: message } = await call(env, who, method, path, body);
      return { status, body: message };
    };
    expect(await answer(photographer, 'GET', '/orders')).toEqual(refused);
    expect(await answer(photographer, 'POST', '/billing/portal', {})).toEqual(refused);
    expect(await answer(manager, 'GET', '/members')).toEqual(refused);
    expect(await answer(manager, 'POST', '/connect/onboarding', {})).toEqual(refused);
    expect(
      await answer(manager, 'POST', '/members', { email: uniqueEmail('x'), name: 'Xx', role: 'manager' }),
    ).toEqual(refused);
    expect((await call(env, manager, 'GET', '/orders')).status).toBe(200);
    expect(await answer(photographer, 'GET', '/members/directory')).toEqual(refused);
    const directory = await call(env, manager, 'GET', '/members/directory');
    expect(directory.body.members).toEqual([
      { id: owner.userId, name: 'Second Seller', role: 'owner', uploadsThisPeriod: 0 },
      { id: photographer.userId, name: photographer.name, role: 'photographer', uploadsThisPeriod: 0 },
      { id: manager.userId, name: manager.name, role: 'manager', uploadsThisPeriod: 0 },
    ]);
  });

  it('keeps a photographer to the galleries they created or were given, and records who created what', async () => {
    const ownersGallery = await call(env, owner, 'POST', '/galleries', { albumName: 'Finish line' });
    expect(ownersGallery.body.createdBy).toBe(owner.userId);
    const galleryPath = `/galleries/${String(ownersGallery.body.galleryId)}`;
    const notFound = { status: 404, message: sellerToolErrors.galleryNotFound };
    const outcome = async (...args: [string, string, unknown?]) => {
      const { status, body } = await call(env, photographer, ...args);
      return { status, message: body.message };
    };
    expect(await outcome('GET', galleryPath)).toEqual(notFound);
    const upload = {
      quality: 'original',
      files: [{ name: 'a.jpg', size: 10, contentType: 'image/jpeg', clientFileId: 'team-a' }],
    };
    expect(await outcome('POST', `${galleryPath}/uploads`, upload)).toEqual(notFound);

    const own = await call(env, photographer, 'POST', '/galleries', { albumName: 'Start line' });
    expect(own).toMatchObject({ status: 201, body: { createdBy: photographer.userId } });
    expect(idsOf((await call(env, photographer, 'GET', '/galleries')).body.galleries)).toEqual([
      own.body.galleryId,
    ]);

    const given = await call(env, manager, 'POST', `${galleryPath}/photographers`, {
      memberIds: [photographer.userId],
    });
    expect(given).toMatchObject({ status: 200, body: { photographers: [photographer.userId] } });
    expect((await call(env, photographer, 'GET', galleryPath)).status).toBe(200);
    expect((await call(env, photographer, 'POST', `${galleryPath}/uploads`, upload)).status).toBe(200);
    expect((await call(env, photographer, 'GET', '/galleries')).body.galleries).toHaveLength(2);
    // The upload counts against the business's plan, and as the photographer's on the dashboard.
    expect((await call(env, owner, 'GET', '/users')).body.entitlements).toMatchObject({
      currentMonthUploads: 1,
    });
    const directory = await call(env, manager, 'GET', '/members/directory');
    expect(directory.body.members).toContainEqual(
      expect.objectContaining({ id: photographer.userId, uploadsThisPeriod: 1 }),
    );
    const byPhotographer = await call(env, owner, 'GET', `/galleries?createdBy=${photographer.userId}`);
    expect(idsOf(byPhotographer.body.galleries)).toEqual([own.body.galleryId]);
    const stranger = await call(env, manager, 'POST', `${galleryPath}/photographers`, {
      memberIds: ['not-a-member-1'],
    });
    expect({ status: stranger.status, message: stranger.body.message }).toEqual({
      status: 400,
      message: teamErrors.notAMember,
    });
  });

  it('records who created an order and who uploaded its photos, and lists each member’s orders apart', async () => {
    const galleryId = String(
      (await call(env, manager, 'POST', '/galleries', { albumName: 'Podium' })).body.galleryId,
    );
    const photoIds = await uploadFiles(env, manager, galleryId, [
      { name: 'podium.jpg', body: await jpeg(4) },
    ]);
    await waitForPhotos(env, manager, galleryId, photoIds);
    expect((await getPhoto(galleryId, photoIds[0]!))?.uploadedBy).toBe(manager.userId);
    const order = await call(env, manager, 'POST', '/orders', { galleryId, photoIds, total: 0 });
    expect(order).toMatchObject({ status: 201, body: { createdBy: manager.userId } });
    const orderIds = async (query: string) =>
      ((await call(env, owner, 'GET', `/orders${query}`)).body.orders as { orderId: string }[]).map(
        (o) => o.orderId,
      );
    // The orders list reads an index, which follows writes a moment later.
    await expect.poll(() => orderIds(`?createdBy=${manager.userId}`)).toEqual([order.body.orderId]);
    expect(await orderIds(`?createdBy=${owner.userId}`)).toEqual([]);
    expect(await orderIds('')).toContain(order.body.orderId);
  });

  it("keeps the plan's member limit and the owner's role", async () => {
    const message = async (who: Seller, method: string, path: string, body?: unknown) => {
      const answer = await call(env, who, method, path, body);
      return { status: answer.status, message: answer.body.message };
    };
    const invite = () => ({ email: uniqueEmail('third'), name: 'Third', role: 'manager' });
    expect(await message(owner, 'POST', '/members', invite())).toEqual({
      status: 403,
      message: teamErrors.teamFull(2),
    });
    expect(await message(owner, 'PATCH', `/members/${owner.userId}`, { role: 'manager' })).toEqual({
      status: 400,
      message: teamErrors.ownerIsFixed,
    });
    const alone = await newSeller(env);
    expect(await message(alone, 'POST', '/members', invite())).toEqual({
      status: 403,
      message: teamErrors.noTeamOnPlan,
    });
    // Another business's member is not this owner's to change or remove.
    expect((await call(env, alone, 'DELETE', `/members/${manager.userId}`)).status).toBe(404);
    expect(
      (await call(env, alone, 'PATCH', `/members/${manager.userId}`, { role: 'photographer' })).status,
    ).toBe(404);
  });

  it('changes a role from the next call, and a removal refuses the old token and the refresh token at once', async () => {
    const other = await newSeller(env, ON_BASIC);
    const member = await joinedMember(env, other, 'photographer');
    expect((await call(env, member, 'GET', '/orders')).status).toBe(403);
    const changed = await call(env, other, 'PATCH', `/members/${member.userId}`, { role: 'manager' });
    expect(changed).toMatchObject({ status: 200, body: { role: 'manager' } });
    expect((await call(env, member, 'GET', '/orders')).status).toBe(200);

    expect((await call(env, other, 'DELETE', `/members/${member.userId}`)).status).toBe(204);
    const after = await call(env, member, 'GET', '/users');
    expect({ status: after.status, message: after.body.message }).toEqual({
      status: 401,
      message: teamErrors.memberRemoved,
    });
    const refreshed = cognitoClient(env.stack).send(
      new InitiateAuthCommand({
        ClientId: env.stack.cognito.clientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: member.refreshToken },
      }),
    );
    await expect(refreshed).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    expect(idsOf((await call(env, other, 'GET', '/members')).body.members)).toEqual([other.userId]);
    // What they made keeps their name: the directory lists them as former, and counts them.
    const directory = await call(env, other, 'GET', '/members/directory');
    expect(directory.body.members).toEqual([
      expect.objectContaining({ id: other.userId, role: 'owner' }),
      { id: member.userId, name: member.name, role: 'manager', uploadsThisPeriod: 0, former: true },
    ]);
    expect((await call(env, other, 'GET', '/users')).body.team).toMatchObject({ memberCount: 1 });
  });

  it('invites a removed member again, to this business or another, with a new account; nobody else', async () => {
    const first = await newSeller(env, ON_BASIC);
    const member = await joinedMember(env, first, 'photographer');
    const inviteOf = (who: Member) => ({ email: who.email, name: who.name, role: 'manager' });
    expect((await call(env, first, 'POST', '/members', inviteOf(member))).status).toBe(409);
    expect((await call(env, first, 'DELETE', `/members/${member.userId}`)).status).toBe(204);

    const again = await joinedMember(env, first, 'manager', member.email);
    expect(again.userId).not.toBe(member.userId);
    expect((await call(env, again, 'GET', '/orders')).status).toBe(200);
    // The old token stays refused: it names the removed record, not the new one.
    expect((await call(env, member, 'GET', '/users')).status).toBe(401);
    expect(idsOf((await call(env, first, 'GET', '/members')).body.members)).toEqual([
      first.userId,
      again.userId,
    ]);

    expect((await call(env, first, 'DELETE', `/members/${again.userId}`)).status).toBe(204);
    const second = await newSeller(env, ON_BASIC);
    const elsewhere = await joinedMember(env, second, 'photographer', member.email);
    expect((await call(env, elsewhere, 'GET', '/users')).body.id).toBe(second.userId);
    // A current member's address is nobody else's to take.
    const taken = await call(env, first, 'POST', '/members', inviteOf(elsewhere));
    expect({ status: taken.status, message: taken.body.message }).toEqual({
      status: 409,
      message: teamErrors.alreadyHasAccount,
    });
  });
});
