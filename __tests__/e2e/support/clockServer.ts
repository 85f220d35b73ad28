/**
 * A second E2E server, in-process, whose clock the test moves (browser tests). Playwright's
 * clock API moves the BROWSER's time; token lifetimes and the idle limit are judged by the SERVER's.
 * Moving both by the same amount keeps them consistent: server time = real time + the jumps made.
 * Fresh SQLite in a temp folder, demo accounts, the production build of the SPA.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { createDatabase, migrateToLatest, type Db } from '../../../src/server/db';
import { seedDemo } from '../../../src/server/db/seed';
import { launchBrowser, newContext, signInAs } from './browser';

const root = resolve(__dirname, '../../..');

export interface ClockServer {
  url: string;
  /** The server's clock moves forward by `ms` (do the same to the page's clock). */
  advance(ms: number): void;
  close(): Promise<void>;
}

/** Tests only: cheaper argon2 so sign-ins are quick (production keeps OWASP's). */
const FAST_ARGON2 = { memoryCost: 4096, timeCost: 1, parallelism: 1 };

export async function startClockServer(env: Record<string, string> = {}): Promise<ClockServer> {
  const dir = mkdtempSync(join(tmpdir(), 'cashwise-e2e-clock-'));
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dir,
      STATIC_DIR: join(root, 'dist/client'),
      LOG_LEVEL: 'silent',
      ...env,
    }),
    passwordHashing: FAST_ARGON2,
  };
  let offset = 0;
  const clock = () => Date.now() + offset;
  const db: Db = createDatabase(config);
  await migrateToLatest(db);
  await seedDemo(db, config.passwordHashing, clock());
  const app: FastifyInstance = await buildApp({ config, db, clock });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: address,
    advance(ms) {
      offset += ms;
    },
    async close() {
      await app.close();
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface ClockedBrowser {
  browser: Browser;
  server: ClockServer;
  context: BrowserContext;
}

/**
 * The setup of the browser tests on a clock server: one Chromium and one server for the file (`env`
 * is read when they start, so a file's earlier beforeAll can prepare it), and a fresh context on
 * that server for each test, whose pages the test opens (with their fake clocks).
 */
export function openClockedBrowser(opened: (o: ClockedBrowser) => unknown, env: () => Record<string, string> = () => ({})): void {
  let browser: Browser | undefined;
  let server: ClockServer | undefined;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startClockServer(env())]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  beforeEach(async () => {
    context = await newContext(browser!, server!.url);
    opened({ browser: browser!, server: server!, context });
  });
  afterEach(async () => {
    await context?.close();
  });
}

/**
 * The session timer (its own chunk, features/session) starts on auth:ready; a clock jump made
 * before it has scheduled its first check would skip that check (fastForward fires due timers
 * only). The sign-in itself writes cc:lastActivity, so that key proves nothing; the timer's
 * activity watcher does: a mouse move is recorded there as a later activity once it runs.
 */
export async function sessionTimerRunning(page: Page): Promise<void> {
  const lastActivity = () => page.evaluate(() => Number(localStorage.getItem('cc:lastActivity') ?? 0));
  const signedInAt = await lastActivity();
  const deadline = Date.now() + 15_000;
  for (let step = 0; (await lastActivity()) <= signedInAt; step += 1) {
    if (Date.now() > deadline) throw new Error('the session timer did not start within 15 s (no activity recorded)');
    await page.mouse.move(20 + (step % 40), 300);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The learner signed in on `path` (the login page's redirect), with the session timer running. */
export async function signedInWithTimer(page: Page, path = '/app'): Promise<void> {
  await signInAs(page, 'learner', path);
  await sessionTimerRunning(page);
}

/**
 * A stand-in for the Redux DevTools extension, run in the page before its scripts: the store connects
 * to it once GET /api says env D (app/devTools.ts), and it keeps the last actions' types with the
 * page's (fake) time, and the page's uncaught errors, so a session test that fails can say what the
 * page's sagas did instead.
 */
export function recordStoreActions(): void {
  const log: [number, string][] = [];
  const win = window as unknown as { __actionLog: [number, string][]; __REDUX_DEVTOOLS_EXTENSION__: unknown };
  win.__actionLog = log;
  win.__REDUX_DEVTOOLS_EXTENSION__ = {
    connect: () => ({
      init() {},
      send(action: { type?: string }) {
        log.push([Date.now(), String(action?.type)]);
        if (log.length > 60) log.shift();
      },
    }),
  };
  // the page's uncaught errors too, in the same log: a saga that died stops the session timer
  const logError = (what: string) => {
    log.push([Date.now(), `ERROR ${what}`]);
    if (log.length > 60) log.shift();
  };
  window.addEventListener('error', (event) => logError(String(event.error?.stack ?? event.message)));
  // redux-saga reports a saga that crashed on console.error
  const consoleError = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    logError(args.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg))).join(' ').slice(0, 2000));
    consoleError(...args);
  };
  window.addEventListener('unhandledrejection', (event) => logError(String((event.reason as Error | undefined)?.stack ?? event.reason)));
}

/**
 * Waits for the session-expiry dialog after a jump of the clocks; on a timeout, fails with what the
 * page was doing instead (`serverOffsetMs`: how far the clocks have jumped, for that message).
 * The session check runs every 30 s. A jump fires each due timer once, and after it the page's timers
 * run on the fake clock's own real-time loop; should that first check not come within a few seconds,
 * `advance` (moving the server's clock and the page's by `ms`, the page's through every timer) gives
 * the page the next check interval, still inside the warning's window: the dialog must come then.
 */
export async function expiryDialogOrWhyNot(page: Page, serverOffsetMs: () => number, advance?: (ms: number) => Promise<void>): Promise<void> {
  const dialog = page.getByRole('alertdialog', { name: 'Your session is about to expire' });
  try {
    if (advance && !(await dialog.waitFor({ timeout: 5_000 }).then(() => true, () => false))) {
      await advance(30_000);
      await dialog.waitFor();
      // it came, a check later: said in the run's output, where a pattern would show
      console.warn(`expiry dialog: not within 5 s of the jump; shown after 30 s more of the page's time (server offset ${serverOffsetMs()} ms)`);
      return;
    }
    await dialog.waitFor();
  } catch (error) {
    const state = await page.evaluate(() => {
      const now = Date.now();
      const log = (window as unknown as { __actionLog?: [number, string][] }).__actionLog ?? [];
      return {
        url: location.href,
        now,
        idleMs: now - Number(localStorage.getItem('cc:lastActivity')),
        auth: localStorage.getItem('cc:auth') !== null,
        dialogs: document.querySelectorAll('[role="alertdialog"]').length,
        actions: log.map(([at, type]) => `${at - now} ms ${type}`),
      };
    });
    throw new Error(`${String(error)}\n${JSON.stringify(state, null, 1)} (server offset ${serverOffsetMs()} ms)`, { cause: error });
  }
}
