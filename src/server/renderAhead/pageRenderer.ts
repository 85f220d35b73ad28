/**
 * The renderer of `GET /api/page` (pageRoutes.ts): the build's prerender bundle
 * (dist/prerender/prerender.js, src/client/renderAhead/prerender.tsx) run in a worker thread of its own.
 *
 * Why a worker: a page's render is 10–20 ms of CPU in React, MUI and emotion, and it allocates a
 * lot. On the server's own thread every API request would wait behind each render, and V8 would let
 * the server's heap grow with the renders' garbage (the server's RSS passed 250 MB in the api bench).
 * In a worker the renders run beside the API, in a heap of their own that is capped
 * (RENDER_HEAP_LIMITS): V8 collects it instead of growing it. A worker that dies (its heap full, an
 * error) fails the renders it had, and the next render starts a new one; a render that takes over
 * RENDER_TIMEOUT_MS fails. A failed render is no page: the route answers 204 and the app renders
 * the page itself.
 *
 * The worker's code is the short script below, evaluated (no file of its own to build or find).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { PreloadedAnswer } from '../../common/renderAhead/renderedPage';
import type { Session } from '../../common/types';

/** What the server needs of the prerender bundle (src/client/renderAhead/prerender.tsx). */
export interface PageRenderer {
  /** The service paths the signed-in page at an address shows first, or null when it declares none. */
  pageDataPaths(pathname: string): Promise<readonly string[] | null> | readonly string[] | null;
  /** The page rendered for the session (no token) with the answers; its first element marked as a copy. */
  renderSignedInPage(
    pathname: string,
    session: Session,
    answers: readonly PreloadedAnswer[],
    now: () => number,
  ): Promise<{ title: string; styles: string; html: string }>;
}

/**
 * The worker's heap: the renderer's code and a render need about 20 MB. At 32 MB V8 collects often
 * enough to keep the server's RSS near 180 MB under a flood of renders (60 a second on this
 * machine); at 24 MB it collected so often that renders halved, at 48 MB the RSS reached 198 MB.
 */
export const RENDER_HEAP_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 4 };

/** A render that takes longer fails (the app renders the page itself). */
export const RENDER_TIMEOUT_MS = 5_000;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const renderer = require(workerData.bundle);
parentPort.on('message', async (message) => {
  try {
    if (message.kind === 'paths') {
      parentPort.postMessage({ id: message.id, result: renderer.pageDataPaths(message.pathname) });
    } else {
      const { title, styles, html } = await renderer.renderSignedInPage(message.pathname, message.session, message.answers, () => message.now);
      parentPort.postMessage({ id: message.id, result: { title, styles, html } });
    }
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: String(error && error.stack || error) });
  }
});
`;

type Request = { kind: 'paths'; pathname: string } | { kind: 'render'; pathname: string; session: Session; answers: readonly PreloadedAnswer[]; now: number };

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/** The prerender bundle at `bundle`, run in a worker thread started on first use. */
export class WorkerPageRenderer implements PageRenderer {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  constructor(
    private readonly bundle: string,
    private readonly limits: ResourceLimits = RENDER_HEAP_LIMITS,
    private readonly timeoutMs = RENDER_TIMEOUT_MS,
  ) {}

  async pageDataPaths(pathname: string): Promise<readonly string[] | null> {
    return (await this.ask({ kind: 'paths', pathname })) as readonly string[] | null;
  }

  async renderSignedInPage(pathname: string, session: Session, answers: readonly PreloadedAnswer[], now: () => number) {
    return (await this.ask({ kind: 'render', pathname, session, answers, now: now() })) as { title: string; styles: string; html: string };
  }

  /** Stops the worker (the server's close); renders on their way fail. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.failAll(new Error('the page renderer was closed'));
    await worker?.terminate();
  }

  private ask(request: Request): Promise<unknown> {
    const worker = this.started();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`the page renderer took over ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      worker.postMessage({ id, ...request });
    });
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { bundle: this.bundle }, resourceLimits: this.limits });
    // the worker never keeps the server's process alive
    worker.unref();
    worker.on('message', (message: { id: number; result?: unknown; error?: string }) => {
      const pending = this.pending.get(message.id);
      if (!pending) return;
      this.pending.delete(message.id);
      clearTimeout(pending.timer);
      if (message.error !== undefined) pending.reject(new Error(message.error));
      else pending.resolve(message.result);
    });
    const lost = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      this.failAll(error);
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`the page renderer stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private failAll(error: Error): void {
    for (const [id, pending] of this.pending) {
      clearTimeout(pending.timer);
      pending.reject(error);
      this.pending.delete(id);
    }
  }
}

/**
 * The renderer of a production build: dist/prerender/prerender.js beside the SPA's directory, in a
 * worker. null when the build has none (a development build, or the API alone).
 */
export function builtPageRenderer(staticDir: string): WorkerPageRenderer | null {
  const bundle = path.join(staticDir, '..', 'prerender', 'prerender.js');
  return existsSync(bundle) ? new WorkerPageRenderer(bundle) : null;
}
