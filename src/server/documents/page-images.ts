// Renders PDF pages on one worker thread, started on first use and kept (unref'd) so the next review
// does not pay its start-up again; when idle it closes the documents it holds. Requests are answered in
// order; a worker that dies fails what it held and the next request starts a new one.
import type { Worker } from 'node:worker_threads';
import { startTsWorker } from '../../engine/util/worker.ts';
import type { PageImageReply, PageImageRequest, PageInfo } from './page-images-types.ts';

const WORKER = new URL('./page-images.worker.ts', import.meta.url);
const IDLE_MS = 60_000;

export class PageImageError extends Error {
  override name = 'PageImageError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

type Pending = { resolve: (r: PageImageReply) => void; reject: (e: Error) => void };

export class PageRenderer {
  #worker: Worker | null = null;
  #pending = new Map<number, Pending>();
  #next = 1;
  #idle: ReturnType<typeof setTimeout> | null = null;

  async info(path: string, stamp: string, page: number): Promise<PageInfo> {
    const reply = await this.#send({ op: 'info', path, stamp, page, width: 0 });
    return reply.info!;
  }

  async render(path: string, stamp: string, page: number, width: number): Promise<{ png: Uint8Array; info: PageInfo }> {
    const reply = await this.#send({ op: 'render', path, stamp, page, width });
    return { png: reply.png!, info: reply.info! };
  }

  /** Starts the thread (it loads the PDF engine) ahead of the first page asked for. */
  warm(): void {
    this.#start();
    this.#armIdle();
  }

  async close(): Promise<void> {
    if (this.#idle) clearTimeout(this.#idle);
    const worker = this.#worker;
    this.#worker = null;
    if (worker) await worker.terminate();
  }

  #send(req: Omit<PageImageRequest, 'id'>): Promise<PageImageReply> {
    if (this.#idle) clearTimeout(this.#idle);
    const worker = this.#start();
    const id = this.#next++;
    return new Promise<PageImageReply>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      worker.postMessage({ ...req, id } satisfies PageImageRequest);
    }).then((reply) => {
      if (reply.error) throw new PageImageError(reply.error.code, reply.error.message);
      return reply;
    });
  }

  #start(): Worker {
    if (this.#worker) return this.#worker;
    const worker = startTsWorker(WORKER);
    worker.unref();
    worker.on('message', (reply: PageImageReply) => {
      const pending = this.#pending.get(reply.id);
      this.#pending.delete(reply.id);
      pending?.resolve(reply);
      if (this.#pending.size === 0) this.#armIdle();
    });
    const fail = (err: Error) => {
      if (this.#worker === worker) this.#worker = null;
      for (const p of this.#pending.values()) p.reject(new PageImageError('internal', err.message));
      this.#pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`page renderer stopped (exit code ${code})`)));
    this.#worker = worker;
    return worker;
  }

  #armIdle(): void {
    if (this.#idle) clearTimeout(this.#idle);
    this.#idle = setTimeout(() => this.#worker?.postMessage({ id: 0, op: 'release' }), IDLE_MS);
    this.#idle.unref();
  }
}
