/**
 * Messages between the page and a photo-fetch worker (photo-fetch-service.ts is the worker's side,
 * photo-fetchers.ts the page's). A photo is opened (its headers fetched), then read a block at a time,
 * each read handing the worker a spare block's memory and each answer transferring a filled one back.
 */
export type FetchRequest =
  | { type: 'open'; id: number; url: string }
  | { type: 'read'; id: number; spare?: ArrayBuffer }
  | { type: 'close'; id: number };

export type FetchReply =
  | { type: 'opened'; id: number }
  | { type: 'block'; id: number; block: Uint8Array<ArrayBuffer> }
  | { type: 'end'; id: number }
  /** `status`: the HTTP status of an answer that was not a photo; `error`: what failed otherwise. */
  | { type: 'failed'; id: number; status?: number; error?: string };

/** Where messages go: a worker's global scope, or a MessagePort in a test. */
export interface MessageEnd {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent) => void) | null;
}
