/**
 * What the team cases share: a business on a plan with a gallery, a photo and an order of its own, a
 * snapshot of what they hold, and a request for every seller route naming those ids.
 */
import { expect } from 'vitest';
import { buildPath, routes, type RouteName } from '#shared/contract/routes';
import { getGallery } from '../../../functions/domains/galleries/gallery-store';
import { getOrder } from '../../../functions/domains/orders/order-store';
import { getPhotos } from '../../../functions/domains/galleries/photo-store';
import { getUser } from '../../../functions/domains/sellers/seller-store';
import { getMember } from '../../../functions/domains/teams/member-store';
import type { TestStack } from '@shutterlane/harness/local-stack';
import {
  call,
  createGallery,
  jpeg,
  newSeller,
  uploadFiles,
  waitForPhotos,
  type Seller,
} from '@shutterlane/harness/seller-tools-helpers';
import { bodyFor, type Ids } from '../../support/seller-route-bodies';

export const SELLER_ROUTES = (Object.keys(routes) as RouteName[]).filter(
  (name) => routes[name].caller === 'seller',
);

export interface Business {
  owner: Seller;
  ids: Ids;
}

/** An owner on Basic (room for two members) with a gallery holding a ready photo, and an order of it. */
export async function businessWithWork(env: TestStack): Promise<Business> {
  const owner = await newSeller(env, {
    plan: 'basic',
    subscriptionStatus: 'active',
    monthlyPhotoUploadLimit: 100,
  });
  const galleryId = await createGallery(env, owner, 'The business');
  const photos = await uploadFiles(env, owner, galleryId, [{ name: 'one.jpg', body: await jpeg(7) }]);
  await waitForPhotos(env, owner, galleryId, photos);
  // The resize gives a READY photo its place among the shown ones just after marking it READY: a snapshot
  // taken in between would see that write land during the case.
  await expect.poll(async () => (await getPhotos(galleryId, photos))[0]?.shownSort).toBeDefined();
  const order = await call(env, owner, 'POST', '/orders', { galleryId, photoIds: photos, total: 0 });
  expect(order.status).toBe(201);
  const ids = {
    galleryId,
    photoId: photos[0]!,
    orderId: String(order.body.orderId),
    personId: 'person-not-there',
    memberId: owner.userId,
  };
  return { owner, ids };
}

/** Everything the business holds that a refused call could have changed. */
export async function snapshot(business: Business, memberIds: readonly string[] = []) {
  const { owner, ids } = business;
  const user = await getUser(owner.userId);
  return {
    // The owner's last activity moves with the owner's own calls only, which the cases do not make.
    user,
    gallery: await getGallery(owner.userId, ids.galleryId),
    photos: await getPhotos(ids.galleryId, [ids.photoId]),
    order: await getOrder(ids.orderId),
    members: await Promise.all(
      memberIds.map(async (id) => {
        const member = await getMember(id);
        // A member's own calls record their activity: the rest of their record must not move.
        if (member) delete member.lastActiveAt;
        return member;
      }),
    ),
  };
}

/** Calls a seller route with the business's ids and a valid body; the answer's status and message. */
export async function callRoute(env: TestStack, who: Seller, name: RouteName, ids: Ids) {
  const route = routes[name];
  const path = buildPath(route.path, ids as unknown as Record<string, string>);
  const answer = await call(env, who, route.method, path, bodyFor(name, ids, `case-${name}`));
  return { name, status: answer.status, message: answer.body.message };
}
