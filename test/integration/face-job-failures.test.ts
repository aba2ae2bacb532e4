/**
 * A face job that keeps failing, through the local stack as deployed: the faces queue delivers it again
 * after its visibility timeout, up to its receive limit, then moves it to the faces dead-letter queue
 * (the alarm's queue); each failed attempt is logged as an error and counted in the FacesNotDescribed
 * metric, the seller sees the photo counted apart, and the other photo of the same message is described
 * once. Once the cause is gone, the operator's redrive (the dead-lettered message sent to the queue
 * again) describes it.
 *
 * A stack of its own: the failure takes the queue's visibility timeout per delivery, so this file sets
 * the faces function's timeout and its queue's visibility to seconds in the templates (as an operator
 * could), which the shared stack keeps at their deployed values.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  GetQueueUrlCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublicGalleryAdmin } from '#shared/schemas/public-gallery';
import { bucketsEnv } from '../../functions/lib/env';
import { readObject, writeObject } from '../../functions/lib/s3';
import { objectKeys } from '#shared/platform/storage-layout';
import { FUNCTION_METADATA_KEY } from '../../infra/constructs/app-function';
import type { Assembly } from '@shutterlane/aws-standins/cloudformation/assembly';
import { TemplateResolver } from '@shutterlane/aws-standins/cloudformation/resolver';
import { LOCAL_ACCOUNT, LOCAL_AWS } from '@shutterlane/local-stack/config';
import { queueDefinitions } from '@shutterlane/aws-standins/sqs/sqs-templates';
import type { LocalStack } from '@shutterlane/local-stack/stack';
import { startOwnStack } from '@shutterlane/harness/own-stack';
import { createVerifiedSeller, idToken } from '@shutterlane/harness/accounts';
import { FACES } from './public-gallery-helpers';

/** The faces function's timeout and its queue's visibility here: a delivery every few seconds. */
const SHORT_SECONDS = 10;
const PASSWORD = 'Faces-failures-1';

let stack: LocalStack;
let assembly: Assembly;
let dataDir: string;
let output = '';
let token: string;
let sqs: SQSClient;

/** The faces function runs SHORT_SECONDS at most, and a message it failed is visible again after as long. */
function withShortFaceJobs(assembly: Assembly): void {
  for (const artifact of assembly.stacks.values())
    for (const [logicalId, resource] of Object.entries(artifact.template.Resources)) {
      if (resource.Metadata?.[FUNCTION_METADATA_KEY] === 'faces')
        resource.Properties!.Timeout = SHORT_SECONDS;
      if (resource.Type === 'AWS::SQS::Queue' && logicalId.startsWith('FacesQueue'))
        resource.Properties!.VisibilityTimeout = SHORT_SECONDS;
    }
}

const api = async (route: string, init: RequestInit = {}) =>
  fetch(`${stack.urls.api}${route}`, {
    ...init,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...init.headers },
  });

async function queueUrl(namePart: string): Promise<string> {
  const queues = queueDefinitions(new TemplateResolver(assembly, LOCAL_ACCOUNT, () => undefined));
  const name = queues.map((queue) => queue.name).find((queue) => queue.includes(namePart));
  if (!name) throw new Error(`No queue named like ${namePart}`);
  return (await sqs.send(new GetQueueUrlCommand({ QueueName: name }))).QueueUrl!;
}

async function waiting(namePart: string): Promise<number> {
  const { Attributes = {} } = await sqs.send(
    new GetQueueAttributesCommand({
      QueueUrl: await queueUrl(namePart),
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
    }),
  );
  return (
    Number(Attributes.ApproximateNumberOfMessages) + Number(Attributes.ApproximateNumberOfMessagesNotVisible)
  );
}

async function upload(galleryId: string, name: string, body: Buffer): Promise<string> {
  const issued = await api(`/galleries/${galleryId}/uploads`, {
    method: 'POST',
    body: JSON.stringify({
      quality: 'original',
      files: [{ name, size: body.length, contentType: 'image/jpeg', clientFileId: `${name}-1` }],
    }),
  });
  const [signed] = (
    (await issued.json()) as { uploads: { photoId: string; url: string; headers: Record<string, string> }[] }
  ).uploads;
  expect(
    (await fetch(signed!.url, { method: 'PUT', headers: signed!.headers, body: new Uint8Array(body) }))
      .status,
  ).toBe(200);
  return signed!.photoId;
}

async function readyPhotos(galleryId: string): Promise<number> {
  const gallery = (await (await api(`/galleries/${galleryId}`)).json()) as { photos: { status: string }[] };
  return gallery.photos.filter((photo) => photo.status === 'READY').length;
}

const faceSearch = async (galleryId: string) =>
  PublicGalleryAdmin.parse(await (await api(`/galleries/${galleryId}/public`)).json()).faceSearch;

const count = (pattern: RegExp) => output.match(pattern)?.length ?? 0;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shutterlane-face-failures-'));
  stack = await startOwnStack({
    dataDir,
    onFunctionOutput: (_definition, text) => void (output += text),
    alterTemplates: (synthesized) => {
      withShortFaceJobs(synthesized);
      assembly = synthesized;
    },
  });
  const seller = await createVerifiedSeller(
    stack,
    { label: 'face-failures', name: 'Face Seller', password: PASSWORD },
    { monthlyPhotoUploadLimit: 20 },
  );
  token = await idToken(stack, seller.email, PASSWORD);
  sqs = new SQSClient({ region: LOCAL_AWS.region, endpoint: stack.urls.sqs, credentials: LOCAL_AWS });
}, 180_000);

afterAll(async () => {
  sqs?.destroy();
  await stack?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('a face job that keeps failing', () => {
  it('is delivered again up to the limit, then dead-lettered; the seller sees the photo apart; a redrive describes it', async () => {
    const created = await api('/galleries', {
      method: 'POST',
      body: JSON.stringify({ albumName: 'Failing faces' }),
    });
    const { galleryId } = (await created.json()) as { galleryId: string };
    const face = await upload(galleryId, 'lisa2.jpg', await readFile(path.join(FACES, 'lisa2.jpg')));
    const broken = await upload(
      galleryId,
      'plain.jpg',
      await sharp({ create: { width: 400, height: 300, channels: 3, background: '#357' } })
        .jpeg()
        .toBuffer(),
    );
    await expect.poll(() => readyPhotos(galleryId), { timeout: 30_000 }).toBe(2);
    // The broken photo's 2048 px copy no longer decodes: face-api's input cannot be made from it.
    const copyKey = objectKeys.optimized(galleryId, broken);
    const goodCopy = (await readObject(bucketsEnv().DERIVED_BUCKET, copyKey))!;
    await writeObject(bucketsEnv().DERIVED_BUCKET, copyKey, Buffer.from('no longer a JPEG'), {
      contentType: 'image/jpeg',
    });

    const published = await api(`/galleries/${galleryId}/public`, {
      method: 'POST',
      body: JSON.stringify({
        published: true,
        settings: {
          title: 'Failing faces',
          pricing: { currency: 'GBP', perPhotoMinor: 0, bundles: [] },
          watermark: { kind: 'text', text: 'Proof', position: 'tiled', opacity: 0.5 },
        },
        faceSearch: { enabled: true, basis: 'The guests agreed' },
      }),
    });
    expect(published.status).toBe(200);

    // Three deliveries (the queue's receive limit), then the dead-letter queue.
    await expect
      .poll(() => waiting('FacesDeadLetters'), { timeout: 6 * SHORT_SECONDS * 1000, interval: 500 })
      .toBe(1);
    expect(await waiting('FacesQueue')).toBe(0);
    await expect.poll(() => count(/"Name":"FacesNotDescribed"/g)).toBe(3);
    expect(count(/"message":"faces: a photo could not be described"/g)).toBe(3);
    expect(output).toMatch(new RegExp(`"photoId":"${broken}"`));
    // The photo with a face was described on the first delivery and skipped on the others.
    expect(await faceSearch(galleryId)).toMatchObject({ photosIndexed: 1, photosNotDescribed: 1 });

    // The cause mended, the operator sends the dead-lettered job to the queue again.
    await writeObject(bucketsEnv().DERIVED_BUCKET, copyKey, goodCopy, { contentType: 'image/jpeg' });
    const deadLetters = await queueUrl('FacesDeadLetters');
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl: deadLetters, MaxNumberOfMessages: 1 }),
    );
    const job = JSON.parse(Messages[0]!.Body!) as { kind: string; galleryId: string; photoIds: string[] };
    expect(job).toMatchObject({ kind: 'describe', galleryId });
    expect(job.photoIds.sort()).toEqual([face, broken].sort());
    await sqs.send(
      new SendMessageCommand({ QueueUrl: await queueUrl('FacesQueue'), MessageBody: Messages[0]!.Body! }),
    );
    await sqs.send(
      new DeleteMessageCommand({ QueueUrl: deadLetters, ReceiptHandle: Messages[0]!.ReceiptHandle! }),
    );
    await expect
      .poll(() => faceSearch(galleryId), { timeout: 30_000 })
      .toMatchObject({ photosIndexed: 2, photosNotDescribed: 0 });
  }, 180_000);
});
