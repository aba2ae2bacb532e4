import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_CONTROL, createContentService, type ContentService } from './service';

let dir: string;
let service: ContentService;

const documents = [
  { _id: 'post-a', _type: 'post', title: 'Published' },
  { _id: 'drafts.post-a', _type: 'post', title: 'Draft of it' },
  { _id: 'drafts.post-b', _type: 'post', title: 'Only a draft' },
];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'content-service-'));
  await writeFile(path.join(dir, 'posts.ndjson'), documents.map((d) => JSON.stringify(d)).join('\n'));
  await mkdir(path.join(dir, 'images'));
  const red = { width: 120, height: 80, channels: 3, background: '#c00' } as const;
  await sharp({ create: red })
    .jpeg()
    .toFile(path.join(dir, 'images', 'red-120x80.jpg'));
  service = createContentService({ datasetDir: dir, projectId: 'proj', dataset: 'production' });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const get = (query: string, extra: Record<string, string> = {}) =>
  service.query({
    apiVersion: 'v2024-01-01',
    dataset: 'production',
    method: 'GET',
    search: new URLSearchParams({ query, ...extra }),
  });

const jsonOf = (body: string | Buffer) => JSON.parse(body.toString()) as Record<string, unknown>;

describe('content service queries', () => {
  it('answers published documents only, cacheable, in Sanity shape', async () => {
    const answer = await get('*[_type == $type].title', { $type: '"post"' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe(CACHE_CONTROL.query);
    expect(jsonOf(answer.body)).toMatchObject({ result: ['Published'], query: '*[_type == $type].title' });
  });

  it('reads a POST body { query, params }', async () => {
    const answer = await service.query({
      apiVersion: 'v1',
      dataset: 'production',
      method: 'POST',
      search: new URLSearchParams(),
      body: JSON.stringify({ query: 'count(*[_id == $id])', params: { id: 'post-a' } }),
    });
    expect(jsonOf(answer.body).result).toBe(1);
  });

  it.each([
    ['a query that does not parse', () => get('*[_type == '), 'queryParseError'],
    ['a parameter that is not JSON', () => get('*', { $x: 'nope' }), 'httpBadRequest'],
    ['a missing query', () => get(''), 'httpBadRequest'],
    [
      'a POST body that is not JSON',
      () =>
        service.query({
          apiVersion: 'v1',
          dataset: 'production',
          method: 'POST',
          search: new URLSearchParams(),
          body: '{',
        }),
      'httpBadRequest',
    ],
    [
      'an API version that is not one',
      () =>
        service.query({
          apiVersion: 'latest',
          dataset: 'production',
          method: 'GET',
          search: new URLSearchParams(),
        }),
      'httpBadRequest',
    ],
  ])('answers 400 with the error type for %s', async (_, ask, type) => {
    const answer = await ask();
    expect(answer.statusCode).toBe(400);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(jsonOf(answer.body)).toEqual({ error: { description: expect.any(String), type } });
  });

  it('answers 404 for another dataset', async () => {
    const answer = await service.query({
      apiVersion: 'v1',
      dataset: 'staging',
      method: 'GET',
      search: new URLSearchParams({ query: '*' }),
    });
    expect(answer.statusCode).toBe(404);
    expect(jsonOf(answer.body)).toEqual({ error: { description: 'Dataset not found', type: 'notFound' } });
  });
});

describe('content service images', () => {
  const image = (fileName: string, search = '', projectId = 'proj') =>
    service.image({ projectId, dataset: 'production', fileName, search: new URLSearchParams(search) });

  it('resizes to w and h', async () => {
    const answer = await image('red-120x80.jpg', 'w=30&h=30');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers).toEqual({ 'content-type': 'image/jpeg', 'cache-control': CACHE_CONTROL.image });
    const meta = await sharp(answer.body as Buffer).metadata();
    expect([meta.width, meta.height]).toEqual([30, 30]);
  });

  it('converts to WebP for auto=format when accepted, and says the answer varies on Accept', async () => {
    const answer = await service.image({
      projectId: 'proj',
      dataset: 'production',
      fileName: 'red-120x80.jpg',
      search: new URLSearchParams('w=60&auto=format'),
      accept: 'image/avif,image/webp,*/*',
    });
    expect(answer.headers).toEqual({
      'content-type': 'image/webp',
      'cache-control': CACHE_CONTROL.image,
      vary: 'Accept',
    });
    expect((await sharp(answer.body as Buffer).metadata()).format).toBe('webp');
  });

  it.each([
    ['a missing file', 'blue-10x10.jpg', '', 'proj'],
    ['another project', 'red-120x80.jpg', '', 'other'],
    ['a bad size', 'red-120x80.jpg', 'w=0', 'proj'],
  ])('answers 404 for %s', async (_, fileName, search, projectId) => {
    expect((await image(fileName, search, projectId)).statusCode).toBe(404);
  });
});
