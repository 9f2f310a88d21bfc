// Document changes from every process: one LISTEN connection per app, fanned out to subscribers
// (the SSE streams). Jobs in any process send NOTIFY on the same channel (processing-state.ts).
import type pg from 'pg';
type Logger = { warn(obj: object, msg: string): void };
import { NOTIFY_CHANNEL } from './processing-state.ts';

type Listener = () => void;

export class DocumentEvents {
  private readonly subscribers = new Map<string, Set<Listener>>();
  private client: pg.PoolClient | null = null;
  private connecting: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: Logger,
  ) {}

  /** Calls `fn` whenever the document changes; returns the unsubscribe function. */
  async subscribe(documentId: string, fn: Listener): Promise<() => void> {
    let set = this.subscribers.get(documentId);
    if (!set) this.subscribers.set(documentId, (set = new Set()));
    set.add(fn);
    await this.connect().catch((err: unknown) => this.log.warn({ err }, 'document events: LISTEN failed; streams poll'));
    return () => {
      set.delete(fn);
      if (set.size === 0) this.subscribers.delete(documentId);
    };
  }

  private connect(): Promise<void> {
    if (this.client || this.closed) return Promise.resolve();
    this.connecting ??= (async () => {
      const client = await this.pool.connect();
      const drop = () => {
        if (this.client !== client) return;
        this.client = null;
        client.release(true);
      };
      client.on('notification', (msg) => {
        if (msg.channel !== NOTIFY_CHANNEL || !msg.payload) return;
        for (const fn of this.subscribers.get(msg.payload) ?? []) fn();
      });
      client.on('error', drop);
      client.on('end', drop);
      try {
        await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
      } catch (err) {
        client.release(true); // a failed connection goes back to the pool discarded, never kept
        throw err;
      }
      // Closed while connecting: give the connection back instead of keeping it after close().
      if (this.closed) client.release(true);
      else this.client = client;
    })().finally(() => (this.connecting = null));
    return this.connecting;
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = null;
    if (client) {
      await client.query(`UNLISTEN ${NOTIFY_CHANNEL}`).catch(() => undefined);
      client.release();
    }
  }
}
