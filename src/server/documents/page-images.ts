// Renders PDF pages on one worker thread, started on first use and kept (unref'd) so the next review
// does not pay its start-up again; when idle it closes the documents it holds. The thread is shared by
// everyone: requests wait in a queue per person and are handed to it one at a time, taking the people
// in turn, so that one person's dozen heavy pages delay another's page by one render at most, not by
// all of them. A worker that dies fails the request it was rendering; the next starts a new one.
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

type Pending = { req: PageImageRequest; resolve: (r: PageImageReply) => void; reject: (e: Error) => void };

export class PageRenderer {
  #worker: Worker | null = null;
  /** Requests not yet handed to the thread, by person, in the order they first asked. */
  #waiting = new Map<string, Pending[]>();
  /** The request the thread is working on. */
  #current: Pending | null = null;
  /** When each person was last served (a count of renders), least recent first. */
  #served = new Map<string, number>();
  #turns = 0;
  #next = 1;
  #idle: ReturnType<typeof setTimeout> | null = null;

  /** `who`: the person asking (their turn in the queue); requests of no one in particular share one turn. */
  async info(path: string, stamp: string, page: number, who = ''): Promise<PageInfo> {
    const reply = await this.#send({ op: 'info', path, stamp, page, width: 0 }, who);
    return reply.info!;
  }

  async render(path: string, stamp: string, page: number, width: number, who = ''): Promise<{ png: Uint8Array; info: PageInfo }> {
    const reply = await this.#send({ op: 'render', path, stamp, page, width }, who);
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
    const closed = new PageImageError('internal', 'the page renderer was closed');
    this.#current?.reject(closed);
    this.#current = null;
    for (const queue of this.#waiting.values()) for (const job of queue) job.reject(closed);
    this.#waiting.clear();
    if (worker) await worker.terminate();
  }

  #send(req: Omit<PageImageRequest, 'id'>, who: string): Promise<PageImageReply> {
    if (this.#idle) clearTimeout(this.#idle);
    return new Promise<PageImageReply>((resolve, reject) => {
      const queue = this.#waiting.get(who) ?? [];
      queue.push({ req: { ...req, id: this.#next++ }, resolve, reject });
      this.#waiting.set(who, queue);
      this.#pump();
    }).then((reply) => {
      if (reply.error) throw new PageImageError(reply.error.code, reply.error.message);
      return reply;
    });
  }

  /**
   * Hands the thread the next request: the first of the waiting person served least recently (never
   * served first; between equals, who asked first).
   */
  #pump(): void {
    if (this.#current) return;
    let who: string | null = null;
    for (const person of this.#waiting.keys()) {
      if (who === null || (this.#served.get(person) ?? -1) < (this.#served.get(who) ?? -1)) who = person;
    }
    if (who === null) {
      this.#armIdle();
      return;
    }
    const queue = this.#waiting.get(who)!;
    const job = queue.shift()!;
    if (!queue.length) this.#waiting.delete(who);
    this.#served.delete(who);
    this.#served.set(who, this.#turns++);
    // only the most recent people matter to the choice
    if (this.#served.size > 1000) this.#served.delete(this.#served.keys().next().value!);
    this.#current = job;
    this.#start().postMessage(job.req);
  }

  #start(): Worker {
    if (this.#worker) return this.#worker;
    const worker = startTsWorker(WORKER);
    worker.unref();
    worker.on('message', (reply: PageImageReply) => {
      const job = this.#current;
      if (job?.req.id !== reply.id) return;
      this.#current = null;
      job.resolve(reply);
      this.#pump();
    });
    const fail = (err: Error) => {
      if (this.#worker !== worker) return;
      this.#worker = null;
      const job = this.#current;
      this.#current = null;
      job?.reject(new PageImageError('internal', err.message));
      this.#pump(); // the others go on with a new thread
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
