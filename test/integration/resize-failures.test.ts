/**
 * A resize that keeps failing ends with the photo FAILED and a working retry, through the local stack
 * as deployed: an upload through the signed URL makes S3 invoke the resize function asynchronously,
 * Lambda retries it with the template's settings and sends its invocation record to the on-failure
 * queue, and the queue's consumer marks the photo FAILED; the seller's retry copies the original onto
 * itself and the resize runs again.
 *
 * A stack of its own, because the failure is an outage this file causes and ends: the resize role is
 * denied writing objects (an explicit Deny added to its policy, as a mistaken deploy would), then the
 * Deny is removed. The stand-ins read a function's statements at each call (local/aws-standins/iam).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetQueueAttributesCommand, GetQueueUrlCommand, SQSClient } from '@aws-sdk/client-sqs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerToolErrors } from '#shared/texts/seller-tools-errors';
import type { Assembly } from '@shutterlane/aws-standins/cloudformation/assembly';
import { TemplateResolver } from '@shutterlane/aws-standins/cloudformation/resolver';
import { LOCAL_ACCOUNT, LOCAL_AWS } from '@shutterlane/local-stack/config';
import type { PolicyStatement } from '@shutterlane/aws-standins/iam/types';
import type { LocalStack } from '@shutterlane/local-stack/stack';
import { startOwnStack } from '@shutterlane/harness/own-stack';
import { queueDefinitions } from '@shutterlane/aws-standins/sqs/sqs-templates';
import { createVerifiedSeller, idToken } from '@shutterlane/harness/accounts';

let stack: LocalStack;
let dataDir: string;
let assembly: Assembly;
let output = '';
let owner: string;
let stranger: string;

const PASSWORD = 'Failures-password-1';
const OUTAGE: PolicyStatement = { Sid: 'Outage', Effect: 'Deny', Action: 's3:PutObject', Resource: '*' };

interface PhotoView {
  photoId: string;
  status: string;
  failureReason?: string;
  thumbnailUrl?: string;
}

const resizeStatements = (): PolicyStatement[] =>
  stack.functions.find((definition) => definition.name === 'resize')!.role.statements;

const api = (token: string, route: string, init: RequestInit = {}) =>
  fetch(`${stack.urls.api}${route}`, {
    ...init,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...init.headers },
  });

const retry = (token: string, galleryId: string, photoId: string) =>
  api(token, `/galleries/${galleryId}/photos/${photoId}/retry`, { method: 'POST' });

async function newGallery(name: string): Promise<string> {
  const answer = await api(owner, '/galleries', {
    method: 'POST',
    body: JSON.stringify({ albumName: name }),
  });
  expect(answer.status).toBe(201);
  return ((await answer.json()) as { galleryId: string }).galleryId;
}

/** An upload as the browser makes it: signed URL from the API (its checks), then the PUT to S3. */
async function upload(galleryId: string, name: string, body: Buffer): Promise<string> {
  const issued = await api(owner, `/galleries/${galleryId}/uploads`, {
    method: 'POST',
    body: JSON.stringify({
      quality: 'original',
      files: [{ name, size: body.length, contentType: 'image/jpeg', clientFileId: `${name}-1` }],
    }),
  });
  expect(issued.status).toBe(200);
  const [signed] = (
    (await issued.json()) as {
      uploads: { photoId: string; url: string; headers: Record<string, string> }[];
    }
  ).uploads;
  const put = await fetch(signed!.url, {
    method: 'PUT',
    headers: signed!.headers,
    body: new Uint8Array(body),
  });
  expect(put.status).toBe(200);
  return signed!.photoId;
}

/** The photo as the seller's gallery shows it, once it has the wanted status (or the time is up). */
async function shownAs(galleryId: string, photoId: string, wanted: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await api(owner, `/galleries/${galleryId}?includeThumbnails=true`);
    const photo = ((await answer.json()) as { photos: PhotoView[] }).photos.find(
      (p) => p.photoId === photoId,
    );
    if (photo?.status === wanted || Date.now() > deadline) return photo;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Messages waiting or in flight in a queue of the templates, read as the operator. */
async function queueDepth(sqs: SQSClient, name: string): Promise<number> {
  const { QueueUrl } = await sqs.send(new GetQueueUrlCommand({ QueueName: name }));
  const { Attributes = {} } = await sqs.send(
    new GetQueueAttributesCommand({
      QueueUrl,
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
    }),
  );
  return (
    Number(Attributes.ApproximateNumberOfMessages) + Number(Attributes.ApproximateNumberOfMessagesNotVisible)
  );
}

/** The on-failure queue and its dead-letter queue, by name. */
function resizeQueues(): { onFailure: string; deadLetters: string } {
  const queues = queueDefinitions(new TemplateResolver(assembly, LOCAL_ACCOUNT, () => undefined));
  // The resize's on-failure queue (the faces queue has a dead-letter queue too).
  const onFailure = queues.find((queue) => queue.redrivePolicy && queue.name.includes('ResizeFailures'));
  const deadLetters = queues.find((queue) => queue.arn === onFailure?.redrivePolicy?.deadLetterTargetArn);
  if (!onFailure || !deadLetters)
    throw new Error('The templates have no on-failure queue with a dead-letter queue');
  return { onFailure: onFailure.name, deadLetters: deadLetters.name };
}

const photoJpeg = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: '#468' } })
    .jpeg()
    .toBuffer();

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shutterlane-resize-failures-'));
  stack = await startOwnStack({
    dataDir,
    onFunctionOutput: (_definition, text) => void (output += text),
    alterTemplates: (synthesized) => void (assembly = synthesized),
  });
  const sellers = await Promise.all(
    ['owner', 'stranger'].map(async (label) => {
      const seller = await createVerifiedSeller(
        stack,
        { label: `failures-${label}`, name: 'Failing Seller', password: PASSWORD },
        { monthlyPhotoUploadLimit: 20 },
      );
      return idToken(stack, seller.email, PASSWORD);
    }),
  );
  [owner, stranger] = sellers as [string, string];
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('a resize that fails for good', () => {
  it('ends FAILED through the on-failure queue, and a retry after the outage makes it READY', async () => {
    const galleryId = await newGallery('Outage');
    resizeStatements().push(OUTAGE);
    const photoId = await upload(galleryId, 'outage.jpg', await photoJpeg());

    const failed = await shownAs(galleryId, photoId, 'FAILED');
    expect(failed).toMatchObject({ status: 'FAILED', failureReason: sellerToolErrors.processingFailed });
    // Each of Lambda's three attempts was refused by IAM, as AWS would refuse it...
    expect(output.match(/not authorized to perform: s3:PutObject/g)?.length).toBeGreaterThanOrEqual(3);
    // ...and the consumer got Lambda's invocation record from the queue, and counted the photo (its log
    // reaches this process from the function's own thread, maybe just after the photo shows FAILED).
    await expect
      .poll(() => output)
      .toMatch(/"message":"resize gave up on a photo".*"condition":"RetriesExhausted","attempts":3/);
    // Metrics are written when the consumer's invocation ends, which may be just after the photo shows.
    await expect.poll(() => output).toMatch(/"Name":"PhotosFailed".*"service":"resize-failures"/);
    // The consumer handled the record: deleted from the on-failure queue, nothing dead-lettered.
    const sqs = new SQSClient({ region: LOCAL_AWS.region, endpoint: stack.urls.sqs, credentials: LOCAL_AWS });
    const queues = resizeQueues();
    await expect.poll(() => queueDepth(sqs, queues.onFailure)).toBe(0);
    expect(await queueDepth(sqs, queues.deadLetters)).toBe(0);
    sqs.destroy();

    // Another seller's retry finds no such photo.
    const foreign = await retry(stranger, galleryId, photoId);
    expect(foreign.status).toBe(404);
    expect((await shownAs(galleryId, photoId, 'FAILED'))?.status).toBe('FAILED');

    resizeStatements().splice(resizeStatements().indexOf(OUTAGE), 1);
    const retried = await retry(owner, galleryId, photoId);
    expect(retried.status).toBe(200);
    expect(await retried.json()).toMatchObject({ photoId, status: 'PROCESSING' });
    // Retried once: a second retry while it processes (or once READY) is refused.
    expect((await retry(owner, galleryId, photoId)).status).toBe(409);

    const ready = await shownAs(galleryId, photoId, 'READY');
    expect(ready).toMatchObject({ status: 'READY' });
    expect(ready?.failureReason).toBeUndefined();
    const thumbnail = await fetch(ready!.thumbnailUrl!);
    expect(thumbnail.status).toBe(200);
    expect((await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata()).width).toBe(400);

    const notFailed = await retry(owner, galleryId, photoId);
    expect(notFailed.status).toBe(409);
    expect(await notFailed.json()).toEqual({ message: sellerToolErrors.photoNotFailed });
  });

  it('keeps a file that is not an image FAILED without a retry (it was not kept)', async () => {
    const galleryId = await newGallery('Not images');
    const photoId = await upload(galleryId, 'fake.jpg', Buffer.from('this is not an image'));
    const rejected = await shownAs(galleryId, photoId, 'FAILED');
    expect(rejected).toMatchObject({ status: 'FAILED', failureReason: sellerToolErrors.notAnImage });
    const refused = await retry(owner, galleryId, photoId);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: sellerToolErrors.originalNotKept });
  });

  it('refuses a retry of a photo that does not exist, or in a gallery of someone else, with 404', async () => {
    const galleryId = await newGallery('Missing');
    expect((await retry(owner, galleryId, 'noSuchPhoto1')).status).toBe(404);
    expect((await retry(owner, 'someoneElses1', 'noSuchPhoto1')).status).toBe(404);
  });
});
