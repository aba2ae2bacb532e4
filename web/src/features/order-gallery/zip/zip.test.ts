import { describe, expect, it, vi } from 'vitest';
import { ZipPhotoError, canStreamToFile, zipEntries, zipFileName, zipStream } from './zip';

const ok = (text: string) => new Response(text, { status: 200 });

async function drain(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe('ZIP names', () => {
  it('names the file shutterlane-{first 8 characters}.zip', () => {
    expect(zipFileName('Q2x8xHn0b2Vj7kq1Yw3ZtA')).toBe('shutterlane-Q2x8xHn0.zip');
  });

  it('knows whether the browser can stream to a picked file', () => {
    expect(canStreamToFile({ showSaveFilePicker: () => undefined })).toBe(true);
    expect(canStreamToFile({})).toBe(false);
  });
});

describe('ZIP entries', () => {
  it('fetches the photos in order, one ahead at most, and reports progress', async () => {
    const fetchImpl = vi.fn(async (url: RequestInfo | URL) => ok(`bytes of ${String(url)}`));
    const progress: number[] = [];
    const photos = ['a', 'b', 'c'].map((photoId) => ({ photoId, url: `https://s3/${photoId}` }));
    const names: string[] = [];
    for await (const entry of zipEntries(photos, (done) => progress.push(done), fetchImpl)) {
      names.push(entry.name);
      // The next photo's request is on its way, not the one after.
      expect(fetchImpl).toHaveBeenCalledTimes(Math.min(names.length + 1, 3));
      for await (const _ of entry.input) void _;
    }
    expect(names).toEqual(['a.jpg', 'b.jpg', 'c.jpg']);
    expect(progress).toEqual([0, 1, 2, 3]);
  });

  it('stops the whole ZIP at the first photo that fails, naming it', async () => {
    const fetchImpl = vi.fn(async (url: RequestInfo | URL) =>
      String(url).endsWith('/b') ? new Response('gone', { status: 404 }) : ok('x'),
    );
    const photos = ['a', 'b', 'c'].map((photoId) => ({ photoId, url: `https://s3/${photoId}` }));
    const error = await drain(zipStream(photos, () => undefined, fetchImpl)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ZipPhotoError);
    expect((error as ZipPhotoError).photoId).toBe('b');
    expect(fetchImpl).not.toHaveBeenCalledWith('https://s3/c');
  });

  it('blames a network failure on its photo', async () => {
    const fetchImpl = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await drain(
      zipStream([{ photoId: 'a', url: 'https://s3/a' }], () => undefined, fetchImpl),
    ).catch((e: unknown) => e);
    expect((error as ZipPhotoError).photoId).toBe('a');
  });

  it('writes a stored archive with the entries', async () => {
    const zip = await drain(
      zipStream(
        [{ photoId: 'p1', url: 'u' }],
        () => undefined,
        async () => ok('hello'),
      ),
    );
    const text = new TextDecoder().decode(zip);
    expect(text.startsWith('PK\u0003\u0004')).toBe(true);
    expect(text).toContain('p1.jpg');
    expect(text).toContain('hello');
  });
});
