/**
 * Reads as deployed: the local DynamoDB answers eventually consistent reads (index queries always, table
 * reads without ConsistentRead) from a view that lags the writes, as AWS may. First the lag itself on the
 * shared stack, then the code paths that used to depend on reading a write back at once, each run right
 * after the write: an order holds its photos and gallery (no index query decides a deletion), the seller
 * opens a new order at once, and a customer gets the photos of an order completed a moment before.
 */
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { dynamo, tableName } from '../../functions/lib/dynamo';
import { FulfilledOrder, SellerOrder } from '#shared/schemas/order';
import { sellerToolErrors } from '#shared/texts/seller-tools-errors';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { checkoutCalls } from './checkout-helpers';
import {
  call,
  createGallery,
  demoSeller,
  jpeg,
  uploadFiles,
  waitForPhotos,
  type Seller,
} from '@shutterlane/harness/seller-tools-helpers';

let seller: Seller;

const env = useTestStack();
beforeAll(async () => {
  seller = await demoSeller(env);
});

describe('the local DynamoDB lags like AWS', () => {
  it('misses an item just written in an index query and an eventually consistent read, not a consistent one', async () => {
    const orderId = `lag-${Date.now().toString(36)}`;
    const sellerId = `lag-seller-${orderId}`;
    const now = new Date().toISOString();
    await dynamo().send(
      new PutCommand({
        TableName: tableName('orders'),
        Item: { orderId, sellerId, createdAt: now, expiresAt: now, status: 'PENDING', photoIds: [] },
      }),
    );
    const bySeller = () =>
      dynamo().send(
        new QueryCommand({
          TableName: tableName('orders'),
          IndexName: 'bySeller',
          KeyConditionExpression: 'sellerId = :s',
          ExpressionAttributeValues: { ':s': sellerId },
        }),
      );
    const read = (ConsistentRead: boolean) =>
      dynamo().send(new GetCommand({ TableName: tableName('orders'), Key: { orderId }, ConsistentRead }));
    expect((await bySeller()).Items).toEqual([]);
    expect((await read(false)).Item).toBeUndefined();
    expect((await read(true)).Item?.orderId).toBe(orderId);
    // ...and both see it once the lag has passed.
    await expect.poll(async () => (await bySeller()).Items?.length).toBe(1);
    expect((await read(false)).Item?.orderId).toBe(orderId);
  });
});

describe('code paths that read right after a write', () => {
  let galleryId: string;
  let photoIds: string[];

  beforeAll(async () => {
    galleryId = await createGallery(env, seller, 'Read after write');
    photoIds = await uploadFiles(
      env,
      seller,
      galleryId,
      await Promise.all([1, 2].map(async (i) => ({ name: `lag-${i}.jpg`, body: await jpeg(i) }))),
    );
    await waitForPhotos(env, seller, galleryId, photoIds);
  });

  it('refuses to delete a photo or the gallery of an order created a moment ago, and opens the order', async () => {
    const created = await call(env, seller, 'POST', '/orders', {
      galleryId,
      photoIds: [photoIds[0]],
      total: 0,
    });
    expect(created.status).toBe(201);
    const order = SellerOrder.parse(created.body);
    // No wait: the order is not yet in the bySeller index, but its hold is on the photo and gallery items.
    const [photo, gallery, opened] = await Promise.all([
      call(env, seller, 'DELETE', `/galleries/${galleryId}/photos/${photoIds[0]}`),
      call(env, seller, 'DELETE', `/galleries/${galleryId}`),
      call(env, seller, 'GET', `/orders/${order.orderId}`),
    ]);
    expect(photo).toMatchObject({ status: 409, body: { message: sellerToolErrors.photoInOpenOrder } });
    expect(gallery).toMatchObject({ status: 409, body: { message: sellerToolErrors.galleryHasOpenOrders } });
    expect(opened).toMatchObject({ status: 200, body: { orderId: order.orderId } });
    // A photo no order holds goes at once.
    expect((await call(env, seller, 'DELETE', `/galleries/${galleryId}/photos/${photoIds[1]}`)).status).toBe(
      204,
    );
  });

  it('gives a customer the photos of a free order completed a moment before', async () => {
    const created = await call(env, seller, 'POST', '/orders', {
      galleryId,
      photoIds: [photoIds[0]],
      total: 0,
    });
    const { orderId } = SellerOrder.parse(created.body);
    const customer = checkoutCalls(env);
    const validated = await customer.validate(orderId, 'reader@example.com');
    const sessionId = (validated.body.orderDetails as { sessionId: string }).sessionId;
    expect((await customer.complete(orderId, sessionId)).status).toBe(200);
    const fulfilled = FulfilledOrder.parse((await customer.fulfilledPhotos(orderId)).body);
    expect(Object.keys(fulfilled.photoUrls)).toEqual([photoIds[0]]);
  });
});
