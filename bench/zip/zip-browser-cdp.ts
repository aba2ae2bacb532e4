/**
 * Headless Chromium driven over the DevTools protocol directly (--remote-debugging-pipe), for the
 * browser ZIP bench. Not playwright: playwright enables the Network domain on every page, and then
 * the renderer keeps a copy of each fetched response body for DevTools (up to 10 MB each, 200 MB in
 * all), which no user's browser does: measured that way, a bare fetch of 25 photos of 8 MB grew the
 * renderer by about 245 MiB, GC or not. Here the Network domain is never enabled.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../ops/chromium';

interface Message {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { message: string };
  sessionId?: string;
}

type Listener = (params: Record<string, unknown>, sessionId: string | undefined) => void;

export class Cdp {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (m: Message) => void; method: string }>();
  private readonly listeners = new Map<string, Set<Listener>>();

  private constructor(
    private readonly child: ChildProcess,
    private readonly userDataDir: string,
  ) {
    const input = child.stdio[4] as Readable;
    let buffered = '';
    input.on('data', (data: Buffer) => {
      buffered += data.toString('utf8');
      let end: number;
      while ((end = buffered.indexOf('\0')) >= 0) {
        this.dispatch(JSON.parse(buffered.slice(0, end)) as Message);
        buffered = buffered.slice(end + 1);
      }
    });
  }

  static async launch(): Promise<Cdp> {
    const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'shutterlane-zip-chromium-'));
    const child = spawn(
      CHROMIUM_PATH,
      [...CHROMIUM_FLAGS, '--remote-debugging-pipe', `--user-data-dir=${userDataDir}`, 'about:blank'],
      { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
    );
    const cdp = new Cdp(child, userDataDir);
    await cdp.send('Browser.getVersion');
    return cdp;
  }

  get pid(): number {
    return this.child.pid!;
  }

  private dispatch(message: Message): void {
    if (message.id !== undefined) {
      this.pending.get(message.id)?.resolve(message);
      this.pending.delete(message.id);
      return;
    }
    for (const listener of this.listeners.get(message.method!) ?? [])
      listener(message.params ?? {}, message.sessionId);
  }

  send<T = Record<string, unknown>>(method: string, params: object = {}, sessionId?: string): Promise<T> {
    const id = this.nextId++;
    const answer = new Promise<Message>((resolve) => this.pending.set(id, { resolve, method }));
    (this.child.stdio[3] as Writable).write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
    return answer.then((message) => {
      if (message.error) throw new Error(`${method}: ${message.error.message}`);
      return message.result as T;
    });
  }

  on(method: string, listener: Listener): () => void {
    const set = this.listeners.get(method) ?? new Set();
    set.add(listener);
    this.listeners.set(method, set);
    return () => set.delete(listener);
  }

  /** A page target's flat session. */
  async attach(targetId: string): Promise<string> {
    const { sessionId } = await this.send<{ sessionId: string }>('Target.attachToTarget', {
      targetId,
      flatten: true,
    });
    return sessionId;
  }

  async close(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    await this.send('Browser.close').catch(() => undefined);
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
    await rm(this.userDataDir, { recursive: true, force: true });
  }
}
