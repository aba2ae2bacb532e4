/**
 * The outbox on disk: one JSON file per message under `<dataDir>/mail/`, so messages survive a
 * restart and a developer can also open them with any editor.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGE_ID_PATTERN, type OutboxMessage } from './mail-message';

export const newMessageId = (now: Date): string =>
  `${String(now.getTime()).padStart(13, '0')}-${randomUUID()}`;

/** Newest first; ids start with the time, so they break ties in the same order. */
export const newestFirst = (a: OutboxMessage, b: OutboxMessage): number =>
  b.sentAt.localeCompare(a.sentAt) || b.id.localeCompare(a.id);

export class MailStore {
  constructor(private readonly directory: string) {}

  async open(): Promise<this> {
    await mkdir(this.directory, { recursive: true });
    return this;
  }

  async save(message: OutboxMessage): Promise<void> {
    const file = this.fileOf(message.id);
    // Write then rename, so a listing never reads half a message.
    await writeFile(`${file}.tmp`, `${JSON.stringify(message, null, 2)}\n`);
    await rename(`${file}.tmp`, file);
  }

  async get(id: string): Promise<OutboxMessage | undefined> {
    if (!MESSAGE_ID_PATTERN.test(id)) return undefined;
    try {
      return JSON.parse(await readFile(this.fileOf(id), 'utf8')) as OutboxMessage;
    } catch {
      return undefined;
    }
  }

  async list(): Promise<OutboxMessage[]> {
    const names = await readdir(this.directory);
    const ids = names.filter((name) => name.endsWith('.json')).map((name) => name.slice(0, -'.json'.length));
    const messages = await Promise.all(ids.map((id) => this.get(id)));
    return messages.filter((message): message is OutboxMessage => message !== undefined).sort(newestFirst);
  }

  private fileOf(id: string): string {
    return path.join(this.directory, `${id}.json`);
  }
}
