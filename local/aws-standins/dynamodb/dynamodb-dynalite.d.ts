/** Types for the parts of `dynalite` (no bundled types) the local DynamoDB stand-in uses. */
declare module 'dynalite' {
  import type { Server } from 'node:http';

  interface DynaliteOptions {
    /** LevelDB directory; in-memory when absent. */
    path?: string;
    /** Milliseconds a table stays CREATING / DELETING / UPDATING (default 500). */
    createTableMs?: number;
    deleteTableMs?: number;
    updateTableMs?: number;
    maxItemSizeKb?: number;
    verbose?: boolean;
    debug?: boolean;
  }

  /** A plain Node HTTP server speaking the DynamoDB API; its `close` also closes the store. */
  export default function dynalite(options?: DynaliteOptions): Server;
}
