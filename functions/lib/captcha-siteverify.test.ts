/** The siteverify POST against a local HTTP server: the form sent, the answer read, connections kept. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import { afterEach, describe, expect, it } from 'vitest';
import { postForm } from './captcha-siteverify';

let server: http.Server | undefined;

async function serve(handle: http.RequestListener): Promise<{ url: string; connections: () => number }> {
  let connections = 0;
  server = http.createServer(handle);
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`, connections: () => connections };
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

describe('postForm', () => {
  it('posts the form and returns the JSON answer, over one kept-alive connection', async () => {
    const seen: { method?: string; type?: string; body: string }[] = [];
    const { url, connections } = await serve(async (req, res) => {
      seen.push({ method: req.method, type: req.headers['content-type'], body: await text(req) });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true,"score":0.9}');
    });
    const form = new URLSearchParams({ secret: 's', response: 'token' });
    expect(await postForm(url, form, 1000)).toEqual({ success: true, score: 0.9 });
    expect(await postForm(url, form, 1000)).toEqual({ success: true, score: 0.9 });
    expect(seen).toEqual([
      { method: 'POST', type: 'application/x-www-form-urlencoded', body: 'secret=s&response=token' },
      { method: 'POST', type: 'application/x-www-form-urlencoded', body: 'secret=s&response=token' },
    ]);
    expect(connections()).toBe(1);
  });

  it('sends again on a fresh connection when the kept one turns out closed', async () => {
    const answered = new WeakSet<object>();
    let calls = 0;
    const { url, connections } = await serve((req, res) => {
      calls++;
      req.resume();
      // The second request on a connection finds it gone (a server's idle close, a thawed Lambda's socket).
      if (answered.has(req.socket)) return void req.socket.destroy();
      answered.add(req.socket);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}');
    });
    const form = new URLSearchParams({ response: 'a' });
    await postForm(url, form, 1000);
    expect(await postForm(url, form, 1000)).toEqual({ success: true });
    expect(calls).toBe(3);
    expect(connections()).toBe(2);
  });

  it('closes a connection left idle for 4 s, as fetch did, and opens a new one', async () => {
    const { url, connections } = await serve((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}');
    });
    await postForm(url, new URLSearchParams(), 1000);
    await new Promise((resolve) => setTimeout(resolve, 4500));
    await postForm(url, new URLSearchParams(), 1000);
    expect(connections()).toBe(2);
  }, 10_000);

  it('rejects a non-JSON answer and an answer slower than the timeout', async () => {
    const slow = await serve((req, res) => {
      req.resume();
      if (req.url?.endsWith('slow')) setTimeout(() => res.end('{}'), 500);
      else res.end('<html>down</html>');
    });
    await expect(postForm(slow.url, new URLSearchParams(), 1000)).rejects.toThrow(SyntaxError);
    await expect(postForm(`${slow.url}?slow`, new URLSearchParams(), 100)).rejects.toThrow(/timed out/);
  });

  it('rejects when nothing listens', async () => {
    const { url } = await serve(() => undefined);
    server!.close();
    await expect(postForm(url, new URLSearchParams(), 1000)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
