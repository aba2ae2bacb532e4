/**
 * Helpers for the seller-tools integration tests: signed-in sellers (the demo seller, or a fresh one made
 * through Cognito's admin API plus a users record), calls through the local gateway, uploads through the
 * signed URLs, and waiting for the resize trigger.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { UserRecord } from '../../functions/domains/sellers/seller-store';
import { DEMO_SELLER, type SeedRecord } from '@shutterlane/local-stack/seed/seed';
import type { TestStack } from './local-stack';
import { createVerifiedSeller, idToken } from './accounts';
import { solidJpeg } from './images';

export interface Seller {
  userId: string;
  token: string;
}

export interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

export async function demoSeller(env: TestStack): Promise<Seller> {
  const token = await idToken(env.stack, DEMO_SELLER.email, DEMO_SELLER.password);
  return { userId: subOf(token), token };
}

const subOf = (token: string): string =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string }).sub;

/** A second seller: Cognito user with a password, plus the users record sign-up would have made. */
export async function newSeller(env: TestStack, record: Partial<UserRecord> = {}): Promise<Seller> {
  const password = 'Second-seller-1';
  const { userId, email } = await createVerifiedSeller(
    env.stack,
    { label: 'seller', name: 'Second Seller', password },
    record,
  );
  return { userId, token: await idToken(env.stack, email, password) };
}

export async function call(
  env: TestStack,
  seller: Seller | undefined,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer> {
  const response = await fetch(`${env.demo.apiUrl}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(seller && { authorization: `Bearer ${seller.token}` }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}

/** A small JPEG with a visible difference per index. */
export const jpeg = (index = 0, width = 640, height = 480): Promise<Buffer> =>
  solidJpeg(width, height, { r: (index * 40) % 255, g: 120, b: 200 });

export interface IssuedUpload {
  clientFileId: string;
  photoId: string;
  url: string;
  headers: Record<string, string>;
}

export async function createGallery(
  env: TestStack,
  seller: Seller,
  albumName = 'Test gallery',
): Promise<string> {
  const created = await call(env, seller, 'POST', '/galleries', { albumName });
  if (created.status !== 201)
    throw new Error(`createGallery: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.galleryId as string;
}

/** Asks for upload URLs and PUTs each body through its signed URL, as the browser does. */
export async function uploadFiles(
  env: TestStack,
  seller: Seller,
  galleryId: string,
  files: { name: string; body: Buffer; contentType?: string }[],
): Promise<string[]> {
  const issued = await call(env, seller, 'POST', `/galleries/${galleryId}/uploads`, {
    quality: 'original',
    files: files.map((file, i) => ({
      name: file.name,
      size: file.body.length,
      contentType: file.contentType ?? 'image/jpeg',
      clientFileId: `${file.name}-${i}-${Math.random().toString(36).slice(2)}`,
    })),
  });
  if (issued.status !== 200) throw new Error(`uploads: ${issued.status} ${JSON.stringify(issued.body)}`);
  const uploads = issued.body.uploads as IssuedUpload[];
  await Promise.all(
    uploads.map(async (upload, i) => {
      const put = await fetch(upload.url, {
        method: 'PUT',
        headers: upload.headers,
        body: new Uint8Array(files[i]!.body),
      });
      if (!put.ok) throw new Error(`PUT ${put.status}: ${await put.text()}`);
    }),
  );
  return uploads.map((u) => u.photoId);
}

type PhotoView = { photoId: string; status: string; thumbnailUrl?: string; failureReason?: string };

/** Reads the gallery until every listed photo has left UPLOADING/PROCESSING (the resize trigger ran). */
export async function waitForPhotos(
  env: TestStack,
  seller: Seller,
  galleryId: string,
  photoIds: string[],
  timeoutMs = 20_000,
): Promise<PhotoView[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const gallery = await call(
      env,
      seller,
      'GET',
      `/galleries/${galleryId}?includeThumbnails=true&includeUrls=true`,
    );
    const photos = (gallery.body.photos as PhotoView[]).filter((p) => photoIds.includes(p.photoId));
    if (
      photos.length === photoIds.length &&
      photos.every((p) => p.status === 'READY' || p.status === 'FAILED')
    )
      return photos;
    if (Date.now() > deadline) throw new Error(`Photos not processed: ${JSON.stringify(photos)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** What the seed made (the demo gallery's id is not in demo.json). */
export async function seedRecord(env: TestStack): Promise<SeedRecord> {
  return JSON.parse(await readFile(path.join(env.dataDir, 'seed.json'), 'utf8')) as SeedRecord;
}
