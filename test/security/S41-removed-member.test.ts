/**
 * S41: a member removed from the team keeps an ID token that has not expired and a refresh token. Every
 * seller route refuses the ID token (401 with the removal's message), whatever their role was, with the
 * business's own ids and a valid body; the refresh token mints nothing; they cannot sign in again; and
 * nothing they uploaded is lost.
 */
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { teamErrors } from '#shared/texts/team-errors';
import { cognitoClient, idToken } from '@shutterlane/harness/accounts';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { call, uploadFiles, jpeg, waitForPhotos } from '@shutterlane/harness/seller-tools-helpers';
import { joinedMember, MEMBER_PASSWORD } from '@shutterlane/harness/team-members';
import { businessWithWork, callRoute, SELLER_ROUTES, snapshot } from './support/team-cases';

const env = useTestStack();

describe('S41 a removed member', () => {
  it('is refused on every seller route with their old token, mints no new one, and their work stays', async () => {
    const business = await businessWithWork(env);
    const member = await joinedMember(env, business.owner, 'manager');
    const uploaded = await uploadFiles(env, member, business.ids.galleryId, [
      { name: 'theirs.jpg', body: await jpeg(9) },
    ]);
    await waitForPhotos(env, member, business.ids.galleryId, uploaded);
    expect((await call(env, business.owner, 'DELETE', `/members/${member.userId}`)).status).toBe(204);

    const before = await snapshot(business, [member.userId]);
    for (const name of SELLER_ROUTES)
      expect(await callRoute(env, member, name, business.ids)).toEqual({
        name,
        status: 401,
        message: teamErrors.memberRemoved,
      });
    expect(await snapshot(business, [member.userId])).toEqual(before);

    const refresh = new InitiateAuthCommand({
      ClientId: env.stack.cognito.clientId,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: member.refreshToken },
    });
    await expect(cognitoClient(env.stack).send(refresh)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    await expect(idToken(env.stack, member.email, MEMBER_PASSWORD)).rejects.toThrow();

    const gallery = await call(env, business.owner, 'GET', `/galleries/${business.ids.galleryId}`);
    const photoIds = (gallery.body.photos as { photoId: string }[]).map((photo) => photo.photoId);
    expect(photoIds).toEqual(expect.arrayContaining(uploaded));
  });
});
