/**
 * S27: mass assignment. Every seller POST and PATCH of the route table (a new one fails this test until
 * it has a case) is sent its valid body plus fields a client must never set: the owner (`sellerId`,
 * `userId`), `status`, `feePct`, `total`/`totalMinor`, `stripeAccountId`, and the entitlements. Each
 * answers 400 or ignores them: nothing of them is stored, the seller's record is unchanged and no other
 * seller received anything.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { routes, type RouteName } from '#shared/contract/routes';
import { getGallery } from '../../functions/domains/galleries/gallery-store';
import { getOrder } from '../../functions/domains/orders/order-store';
import { getPhoto } from '../../functions/domains/galleries/photo-store';
import { listHiddenPeople } from '../../functions/domains/faces/hiding-store';
import { getPublicGallery } from '../../functions/domains/public-galleries/public-gallery-store';
import { getUser, type UserRecord } from '../../functions/domains/sellers/seller-store';
import { useTestStack } from '@shutterlane/harness/local-stack';
import {
  call,
  createGallery,
  demoSeller,
  jpeg,
  newSeller,
  uploadFiles,
  waitForPhotos,
} from '@shutterlane/harness/seller-tools-helpers';

const env = useTestStack();

const INJECTED = 'acct_1MassAssigned0000';
/** What a client must never set, whatever the route. */
const massFields = (victim: string) => ({
  sellerId: victim,
  userId: victim,
  status: 'FULFILLED',
  feePct: 0,
  total: 0.01,
  totalMinor: 1,
  stripeAccountId: INJECTED,
  chargesEnabled: true,
  paymentAcceptanceEnabled: true,
  plan: 'advanced',
  monthlyPhotoUploadLimit: 1_000_000,
  photoCount: 999,
  orderId: 'MassAssignedOrderId000',
  galleryId: 'massAssignedGallery01',
  fulfilledAt: '2020-01-01T00:00:00.000Z',
  expiresAt: '2999-01-01T00:00:00.000Z',
  logo: { logoId: 'MassAssignedLogo0000', width: 1, height: 1 },
  logoId: 'MassAssignedLogo0000',
  // The team: a business to join, a role, a member's state.
  businessId: victim,
  role: 'owner',
  memberStatus: 'active',
  teamMemberIds: [victim],
  // An order's access: its end, its reminders.
  accessEndsAt: '2999-01-01T00:00:00.000Z',
  remindersOffAt: '2020-01-01T00:00:00.000Z',
  reminderToken: 'MassAssignedToken000000',
});

/** Nothing injected appears in a stored record. */
function expectClean(record: unknown, label: string) {
  const text = JSON.stringify(record);
  for (const value of [
    INJECTED,
    'MassAssignedOrderId000',
    'massAssignedGallery01',
    '2999-01-01',
    '1000000',
    'MassAssignedLogo0000',
    'MassAssignedToken000000',
  ])
    expect(text, `${label} holds ${value}`).not.toContain(value);
  expect(record, label).not.toHaveProperty('feePct');
}

describe('S27 mass assignment on seller POST and PATCH bodies', () => {
  it('refuses or ignores owner, status, fee, total and account fields on every route', async () => {
    const seller = await newSeller(env, { monthlyPhotoUploadLimit: 20 });
    const victim = await demoSeller(env);
    const galleryId = await createGallery(env, seller, 'Mass');
    const [photoId] = await uploadFiles(env, seller, galleryId, [{ name: 'm.jpg', body: await jpeg(3) }]);
    await waitForPhotos(env, seller, galleryId, [photoId!]);
    // A multipart upload under way, for the calls that sign its parts and complete it.
    const large = { name: 'large.tif', size: 20 * 1024 * 1024, contentType: 'image/tiff' };
    const multipart = await call(env, seller, 'POST', `/galleries/${galleryId}/multipart-uploads`, {
      quality: 'original',
      file: { ...large, clientFileId: 'mass-multipart-1' },
    });
    const multipartPath = `/galleries/${galleryId}/photos/${String(multipart.body.photoId)}/multipart`;
    // An unpaid order of the seller's, for the call that cancels it.
    const toCancel = await call(env, seller, 'POST', '/orders', { galleryId, photoIds: [photoId], total: 0 });
    const cancelledId = String(toCancel.body.orderId);
    const userBefore = (await getUser(seller.userId)) as UserRecord;
    const victimBefore = await getUser(victim.userId);
    const extra = massFields(victim.userId);
    // A logo file uploaded through its signed URL, for the call that makes it the seller's logo.
    const logo = await sharp({ create: { width: 20, height: 10, channels: 4, background: '#abcdef' } })
      .png()
      .toBuffer();
    const logoUpload = await call(env, seller, 'POST', '/branding/logo-uploads', {
      contentType: 'image/png',
      size: logo.length,
    });
    await fetch(logoUpload.body.uploadUrl as string, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(logo),
    });
    const withExtra = (body: Record<string, unknown>) => ({ ...extra, ...body });

    /** Each route: its valid body, and what to check in what it stored when it accepted the call. */
    const cases: Partial<
      Record<
        RouteName,
        {
          path: string;
          body: Record<string, unknown>;
          stored?: (answer: Record<string, unknown>) => Promise<void>;
        }
      >
    > = {
      updateProfile: {
        path: '/users',
        body: { name: 'Mass Seller', website: 'https://example.com' },
        stored: async () => {
          const user = await getUser(seller.userId);
          expectClean(user, 'user');
          const {
            name: _name,
            website: _website,
            updatedAt: _updated,
            ...rest
          } = user as UserRecord & { updatedAt?: string };
          const {
            name: _n,
            website: _w,
            updatedAt: _u,
            ...restBefore
          } = userBefore as UserRecord & { updatedAt?: string };
          expect(rest).toEqual(restBefore);
        },
      },
      createGallery: {
        path: '/galleries',
        body: { albumName: 'Injected' },
        stored: async (answer) => {
          const id = String(answer.galleryId);
          expect(id).not.toBe('massAssignedGallery01');
          const gallery = await getGallery(seller.userId, id);
          expect(gallery).toMatchObject({ userId: seller.userId, photoCount: 0 });
          expectClean(gallery, 'gallery');
          expect(await getGallery(victim.userId, id)).toBeUndefined();
        },
      },
      renameGallery: {
        path: `/galleries/${galleryId}`,
        body: { albumName: 'Renamed' },
        stored: async () => {
          const gallery = await getGallery(seller.userId, galleryId);
          expect(gallery).toMatchObject({ userId: seller.userId, photoCount: 1 });
          expectClean(gallery, 'renamed gallery');
        },
      },
      galleryThumbnails: { path: `/galleries/${galleryId}/photos/thumbnails`, body: { photoIds: [photoId] } },
      createUploads: {
        path: `/galleries/${galleryId}/uploads`,
        body: {
          quality: 'original',
          files: [
            {
              name: 'n.jpg',
              size: 1000,
              contentType: 'image/jpeg',
              clientFileId: 'mass-1',
              ...extra,
              photoId: 'massAssignedPhoto',
              status: 'READY',
            },
          ],
        },
        stored: async (answer) => {
          const [upload] = answer.uploads as { photoId: string }[];
          expect(upload!.photoId).not.toBe('massAssignedPhoto');
          const photo = await getPhoto(galleryId, upload!.photoId);
          expect(photo).toMatchObject({ userId: seller.userId, status: 'UPLOADING' });
          expectClean(photo, 'photo');
          expect(await getPhoto(galleryId, 'massAssignedPhoto')).toBeUndefined();
        },
      },
      retryPhoto: { path: `/galleries/${galleryId}/photos/${photoId}/retry`, body: {} },
      startMultipartUpload: {
        path: `/galleries/${galleryId}/multipart-uploads`,
        body: {
          quality: 'original',
          file: {
            ...large,
            clientFileId: 'mass-multipart-2',
            ...extra,
            photoId: 'massAssignedPhoto',
            status: 'READY',
          },
        },
        stored: async (answer) => {
          expect(answer.photoId).not.toBe('massAssignedPhoto');
          const photo = await getPhoto(galleryId, String(answer.photoId));
          expect(photo).toMatchObject({
            userId: seller.userId,
            status: 'UPLOADING',
            multipart: { size: large.size },
          });
          expectClean(photo, 'photo of a multipart upload');
          expect(await getPhoto(galleryId, 'massAssignedPhoto')).toBeUndefined();
        },
      },
      signMultipartParts: {
        path: `${multipartPath}/parts`,
        body: { partNumbers: [1], size: 1_000_000_000 },
        stored: async (answer) => {
          expect(answer.parts).toEqual([expect.objectContaining({ partNumber: 1, size: 8 * 1024 * 1024 })]);
        },
      },
      completeMultipartUpload: {
        path: `${multipartPath}/complete`,
        body: { parts: [{ partNumber: 1, etag: '"not-a-part"', size: 1 }] },
      },
      createOrder: {
        path: '/orders',
        body: { galleryId, photoIds: [photoId], total: 0 },
        stored: async (answer) => {
          const orderId = String(answer.orderId);
          expect(orderId).not.toBe('MassAssignedOrderId000');
          const order = await getOrder(orderId);
          expect(order).toMatchObject({
            sellerId: seller.userId,
            status: 'PENDING',
            totalMinor: 0,
            orderType: 'FREE_ORDER',
          });
          expect(order?.stripeAccountId).toBeUndefined();
          expect(order?.fulfilledAt).toBeUndefined();
          expectClean(order, 'order');
          expect(await getOrder('MassAssignedOrderId000')).toBeUndefined();
        },
      },
      cancelOrder: {
        path: `/orders/${cancelledId}/cancel`,
        body: {},
        stored: async (answer) => {
          expect(answer).toMatchObject({
            orderId: cancelledId,
            status: 'EXPIRED',
            statusReason: 'CANCELLED',
          });
          const order = await getOrder(cancelledId);
          expect(order).toMatchObject({
            sellerId: seller.userId,
            status: 'EXPIRED',
            statusReason: 'CANCELLED',
            totalMinor: 0,
            orderType: 'FREE_ORDER',
          });
          expect(order?.stripeAccountId).toBeUndefined();
          expect(order?.fulfilledAt).toBeUndefined();
          expectClean(order, 'cancelled order');
        },
      },
      publishGallery: {
        path: `/galleries/${galleryId}/public`,
        body: {
          published: false,
          settings: {
            ...extra,
            title: 'Mass',
            pricing: { currency: 'GBP', perPhotoMinor: 0, bundles: [], ...extra },
            watermark: { kind: 'text', text: 'Mass', position: 'center', opacity: 0.5 },
            pinHash: 'injected',
          },
          faceSearch: { enabled: false, ...extra },
          publicId: 'massAssignedPublic01',
          facesVersion: 999,
          pinHash: 'injected',
        },
        stored: async (answer) => {
          const publicId = String(answer.publicId);
          expect(publicId).not.toBe('massAssignedPublic01');
          const record = await getPublicGallery(publicId);
          expect(record).toMatchObject({
            userId: seller.userId,
            galleryId,
            published: false,
            facesVersion: 0,
          });
          expect(record?.pinHash).toBeUndefined();
          expectClean(record, 'public gallery');
          expect(await getPublicGallery('massAssignedPublic01')).toBeUndefined();
        },
      },
      // No body is read: what is sent beside the path is ignored (the gallery has no PIN here: 409).
      unlockPublicGalleryPin: {
        path: `/galleries/${galleryId}/public/pin-unlock`,
        body: {},
        stored: async (answer) =>
          expectClean(await getPublicGallery(String(answer.publicId)), 'public gallery'),
      },
      // A hidden person: only its label and descriptor are kept (the gallery is public from publishGallery above).
      hidePerson: {
        path: `/galleries/${galleryId}/public/hidden`,
        body: {
          label: 'Mass',
          descriptor: new Array(128).fill(0.01),
          personId: 'massAssignedGallery01',
          galleryId: 'massAssignedGallery01',
        },
        stored: async (answer) => {
          const people = await listHiddenPeople(galleryId);
          expect(people.map((person) => person.label)).toEqual(['Mass']);
          expect(people[0]!.personId).not.toBe('massAssignedGallery01');
          expectClean(answer, 'hidden people');
          expect(await listHiddenPeople('massAssignedGallery01')).toEqual([]);
        },
      },
      // Not withheld: 404, and nothing of a body is read.
      releasePhoto: { path: `/galleries/${galleryId}/photos/${photoId}/release`, body: {} },
      connectOnboarding: { path: '/connect/onboarding', body: {} },
      startLogoUpload: {
        path: '/branding/logo-uploads',
        body: { contentType: 'image/png', size: 100 },
      },
      setLogo: {
        path: '/branding/logo',
        body: { uploadId: logoUpload.body.uploadId },
        stored: async (answer) => {
          expect(String(answer.logoUrl)).not.toContain('MassAssignedLogo0000');
          const user = await getUser(seller.userId);
          expect(user?.logo).toMatchObject({ width: 20, height: 10 });
          expectClean(user, 'seller with a logo');
        },
      },
      billingPortal: { path: '/billing/portal', body: {} },
      subscriptionCheckout: { path: '/billing/checkout', body: { plan: 'basic' } },
      pricingTableReference: { path: '/billing/pricing-table-reference', body: {} },
      // Without a plan the seller has no room for a member: refused, whatever the body holds.
      inviteMember: {
        path: '/members',
        body: { email: 'mass-member@example.com', name: 'Mass Member', role: 'photographer' },
      },
      changeMemberRole: { path: `/members/${victim.userId}`, body: { role: 'manager' } },
      // The order was cancelled just before (cancelOrder comes first): refused, and nothing a body names
      // (an end, a status, a schedule) reaches it.
      extendAccess: {
        path: `/orders/${cancelledId}/access`,
        body: { days: 7 },
        stored: async () => {
          throw new Error('a cancelled order’s access was extended');
        },
      },
      // The same cancelled order: no paid extension offered on it, whatever a body names (a price in
      // minor units, an extension order, a status).
      offerExtension: {
        path: `/orders/${cancelledId}/extension-offer`,
        body: { price: 5 },
        stored: async () => {
          throw new Error('a cancelled order offers a paid extension');
        },
      },
      // Reads the seller's own sales, whatever a body names: nothing is stored but the file.
      exportSales: {
        path: '/sales/export',
        body: { from: '2026-01-01', to: '2026-01-31' },
        stored: async (answer) => {
          expect(answer).toEqual({ url: expect.any(String), orders: 0 });
        },
      },
      setGalleryPhotographers: {
        path: `/galleries/${galleryId}/photographers`,
        body: { memberIds: [] },
        stored: async () => {
          const gallery = await getGallery(seller.userId, galleryId);
          expectClean(gallery, 'gallery');
          expect(gallery?.photographers).toEqual([]);
        },
      },
    };

    const writing = (Object.keys(routes) as RouteName[]).filter(
      (name) =>
        routes[name].caller === 'seller' &&
        (routes[name].method === 'POST' || routes[name].method === 'PATCH'),
    );
    for (const name of writing) {
      const input = cases[name];
      expect(input, `a case for ${name}`).toBeDefined();
      const answer = await call(env, seller, routes[name].method, input!.path, withExtra(input!.body));
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBeLessThan(500);
      if (answer.status >= 400) {
        expect(answer.body.message, name).toEqual(expect.any(String));
      } else {
        await input!.stored?.(answer.body);
      }
    }

    // The seller's own record: no account, fee, plan or entitlement from a body.
    const user = await getUser(seller.userId);
    expectClean(user, 'seller');
    expect(user?.stripeAccountId).toBe(userBefore.stripeAccountId);
    expect(user?.paymentAcceptanceEnabled).toBe(userBefore.paymentAcceptanceEnabled);
    expect(user?.chargesEnabled).toBe(userBefore.chargesEnabled);
    expect(user?.plan).toBe(userBefore.plan);
    expect(user?.monthlyPhotoUploadLimit).toBe(20);
    // Nor a business to work for, a role or a team.
    expect(user).not.toHaveProperty('businessId');
    expect(user).not.toHaveProperty('role');
    expect(user).not.toHaveProperty('teamMemberIds');
    // Onboarding was refused on the seller's real entitlement, not the injected one.
    expect((await call(env, seller, 'POST', '/connect/onboarding', {})).status).toBe(403);
    // The seller named as owner got nothing.
    expect(await getUser(victim.userId)).toEqual(victimBefore);
  });
});
