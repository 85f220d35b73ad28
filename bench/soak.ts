/**
 * Long sessions: a soak of the production build in Debian's chromium with
 * Playwright's clock.
 *
 * 1. Builds the app when dist/ is missing or older than the sources (`npm run build`).
 * 2. Starts the COMPILED server (dist/server/…) in a child process on an ephemeral port with a fresh
 *    SQLite database in a temp folder, the demo accounts and the course content. Its clock is real
 *    time plus an offset the bench moves (over IPC) by exactly the amounts it moves the page's clock,
 *    so tokens, renewals and the server's idle limit agree with the page (as in
 *    __tests__/e2e/support/clockServer.ts).
 * 3. Eight hours of virtual time of a signed-in student: every virtual minute a mouse move; every
 *    5 minutes a move to another area (client-side navigation through the main menu, never a reload);
 *    every 15 minutes typing into the knowledge-base search. The session timer renews the token on its
 *    own; every renewal must be accepted (200). JS heap after a forced GC (CDP
 *    HeapProfiler.collectGarbage + Runtime.getHeapUsage) at the end of the first virtual hour (all
 *    areas visited, chunks loaded) and at the end: growth printed against < 10 %.
 * 4. Ten sign-in / sign-out cycles in the same document (sign-out through the profile menu, so the
 *    SPA has to clean up after itself): event listeners, DOM nodes and documents (CDP
 *    Memory.getDOMCounters after GC) and pending timers (setTimeout/setInterval instrumented by an
 *    init script) after two warm-up cycles vs after the ten: no growth = no leak.
 *
 * Figures are printed with their targets (bench/support/report.ts), never asserted.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type CDPSession } from 'playwright-core';
import { report, type Figure } from './support/report';
import { ensureFullBuild, SERVER_MMAP_THRESHOLD } from './support/server';
import { CHROMIUM_ARGS } from '../__tests__/e2e/support/chromium';

const root = path.resolve(__dirname, '..');
const MIN = 60_000;
const VIRTUAL_HOURS = Number(process.env.SOAK_HOURS ?? 8);
const DEBUG = process.env.SOAK_DEBUG === '1';
const CYCLES = 10;

/**
 * The compiled server, started as main.js starts it (migrations, demo seed, content import), but with
 * a clock the parent moves: { advance: ms } → offset += ms, answered with { advanced: offset }.
 */
const SERVER_SCRIPT = `
const path = require('node:path');
const dist = path.join(process.cwd(), 'dist/server/server');
const { buildApp } = require(path.join(dist, 'app'));
const { loadConfig } = require(path.join(dist, 'config'));
const { createDatabase, migrateToLatest } = require(path.join(dist, 'db'));
const { DEMO_SCHOOLS, seedDemo } = require(path.join(dist, 'db/seed'));
const { importContentIfChanged, offerAllModules } = require(path.join(dist, 'content/importContent'));
let offset = 0;
const clock = () => Date.now() + offset;
process.on('message', (m) => { if (m && typeof m.advance === 'number') { offset += m.advance; process.send({ advanced: offset }); } });
(async () => {
  const config = loadConfig(process.env);
  const db = createDatabase(config);
  await migrateToLatest(db);
  await seedDemo(db, config.passwordHashing, clock());
  await importContentIfChanged(db, config.contentDir, clock());
  await offerAllModules(db, DEMO_SCHOOLS.map((s) => s.lsclientID));
  const app = await buildApp({ config, db, clock, logger: { level: process.env.SOAK_SERVER_LOG || 'warn' } });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  process.send({ url });
  process.on('disconnect', () => { app.close().then(() => db.destroy()).finally(() => process.exit(0)); });
})().catch((error) => { console.error(error); process.exit(1); });
`;

interface SoakServer {
  url: string;
  advance(ms: number): Promise<void>;
  close(): void;
}

function startServer(dataDir: string): Promise<SoakServer> {
  const child: ChildProcess = spawn(process.execPath, ['-e', SERVER_SCRIPT], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      // measured as `npm start` runs it (docs/server.md, "Memory")
      MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? SERVER_MMAP_THRESHOLD,
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(root, 'dist/client'),
      CONTENT_DIR: path.join(root, 'content'),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening`)));
    child.once('message', (message: { url?: string }) => {
      if (!message.url) return reject(new Error('unexpected message from the server'));
      resolve({
        url: message.url,
        advance: (ms) =>
          new Promise<void>((done) => {
            child.once('message', () => done());
            child.send({ advance: ms });
          }),
        close: () => {
          child.removeAllListeners('exit');
          child.disconnect();
        },
      });
    });
  });
}

/**
 * Counts pending timers. Registered AFTER page.clock.install(), so it wraps Playwright's fake timers:
 * a timeout is pending from setTimeout until it fires or is cleared, an interval until it is cleared.
 */
const TIMER_PROBE = () => {
  const w = window as unknown as Record<string, unknown> & { __soakTimers?: Map<unknown, string> };
  const pending = new Map<unknown, string>();
  w.__soakTimers = pending;
  const setT = window.setTimeout.bind(window);
  const clearT = window.clearTimeout.bind(window);
  const setI = window.setInterval.bind(window);
  const clearI = window.clearInterval.bind(window);
  const where = () => (new Error().stack ?? '').split('\n').slice(3, 5).join(' | ').trim();
  w.setTimeout = ((handler: TimerHandler, ms?: number, ...args: unknown[]) => {
    const id: unknown = setT(
      (...a: unknown[]) => {
        pending.delete(id);
        if (typeof handler === 'function') (handler as (...x: unknown[]) => void)(...a);
      },
      ms,
      ...args,
    );
    pending.set(id, `timeout ${ms ?? 0} ms ${where()}`);
    return id;
  }) as unknown;
  w.clearTimeout = ((id: number) => {
    pending.delete(id);
    clearT(id);
  }) as unknown;
  w.setInterval = ((handler: TimerHandler, ms?: number, ...args: unknown[]) => {
    const id: unknown = setI(handler, ms, ...args);
    pending.set(id, `interval ${ms ?? 0} ms ${where()}`);
    return id;
  }) as unknown;
  w.clearInterval = ((id: number) => {
    pending.delete(id);
    clearI(id);
  }) as unknown;
  // requests in flight, as the page itself sees them (the SPA's calls go through axios' XHR adapter)
  let xhrs = 0;
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
    xhrs += 1;
    this.addEventListener('loadend', () => (xhrs -= 1), { once: true });
    return send.call(this, body);
  };
  w.__soakXhrs = () => xhrs;
  // Where to click: the centre of the first visible element that matches `selector` (and has exactly
  // `text`, when given). The eight hours act through this and CDP's input events instead of
  // Playwright's locators: its selector engine (ARIA roles, accessible names) is JavaScript in the
  // page's own V8 isolate, so the code V8 compiled for it over the hours counted in the heap measured
  // (about 0.13 MB of a run's 1.2 MB growth, as heap snapshots showed).
  w.__soakFind = (selector: string, text?: string) => {
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (text !== undefined && element.textContent?.trim() !== text) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.top < 0 || box.bottom > window.innerHeight) {
        element.scrollIntoView({ block: 'center' });
        return null; // measured again on the next look, once scrolled
      }
      return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
    }
    return null;
  };
};

interface Counters {
  heapUsed: number;
  jsEventListeners: number;
  nodes: number;
  documents: number;
  timers: number;
  timerList: string[];
}

async function measure(cdp: CDPSession): Promise<Counters> {
  // twice: a first GC can leave objects whose finalisers free more
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  const dom = await cdp.send('Memory.getDOMCounters');
  // CDP rather than page.evaluate: no Playwright code runs in the page to read it (see __soakFind)
  const { result } = await cdp.send('Runtime.evaluate', { expression: 'Array.from(window.__soakTimers?.values() ?? [])', returnByValue: true });
  const timerList = (result.value ?? []) as string[];
  return { heapUsed: heap.usedSize, jsEventListeners: dom.jsEventListeners, nodes: dom.nodes, documents: dom.documents, timers: timerList.length, timerList };
}

const mb = (bytes: number) => bytes / 1024 / 1024;

/**
 * Diagnosis (SOAK_HEAP_SNAPSHOTS=<dir>): the page's heap after GC as a .heapsnapshot for DevTools' comparison view,
 * at the virtual hours in SOAK_SNAPSHOT_HOURS (comma-separated; default 2 and the last).
 */
const SNAPSHOT_HOURS = (process.env.SOAK_SNAPSHOT_HOURS ?? `2,${VIRTUAL_HOURS}`).split(',').map(Number);

async function heapSnapshot(cdp: CDPSession, file: string): Promise<void> {
  const chunks: string[] = [];
  const onChunk = (event: { chunk: string }) => chunks.push(event.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  writeFileSync(file, chunks.join(''));
  console.log(`  heap snapshot written to ${file}`);
}

async function main(): Promise<void> {
  ensureFullBuild();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cashwise-bench-soak-'));
  const server = await startServer(dataDir);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const started = Date.now();
  try {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1024, height: 600 } });
    const page = await context.newPage();
    if (process.env.SOAK_NO_RECORDER === '1') await page.route(/recorder.*\.js$/, (route) => route.abort()); // diagnosis only
    await page.clock.install({ time: Date.now() });
    await page.addInitScript(TIMER_PROBE);
    const cdp = await context.newCDPSession(page);

    // Requests answer in real time while the page's time is stepped. The SPA's client timeout (10 s)
    // is a page timer too: a step of virtual time longer than that while a request is in flight would
    // abort it on the client after the server has acted (a renewal: the server rotated the token, the
    // page never got the new one). So time moves in 5-second steps, each waiting for the page's
    // requests to finish — as a learner's browser, whose requests take milliseconds, would see it.
    const renewals: number[] = [];
    const failures: string[] = [];
    let inFlight = 0;
    const isApi = (url: string) => new URL(url).pathname.startsWith('/api');
    const isRenew = (url: string) => url.endsWith('/api/auth/renew');
    page.on('request', (r) => {
      if (isApi(r.url())) inFlight += 1;
      if (DEBUG && isApi(r.url())) console.log(`> ${r.method()} ${new URL(r.url()).pathname} ${r.postData()?.slice(0, 80) ?? ''}`);
    });
    page.on('requestfinished', (r) => {
      if (isApi(r.url())) inFlight -= 1;
    });
    page.on('requestfailed', (r) => {
      if (isApi(r.url())) inFlight -= 1;
    });
    page.on('response', (r) => {
      if (isRenew(r.url())) renewals.push(r.status());
      if (isApi(r.url()) && r.status() >= 400) {
        const line = `${r.status()} ${r.request().method()} ${new URL(r.url()).pathname} ${r.request().postData()?.slice(0, 200) ?? ''}`;
        void r.text().then(
          (body) => failures.push(`${line} → ${body.slice(0, 200)}`),
          () => failures.push(line),
        );
      }
    });
    // The page is read with CDP's Runtime.evaluate of the init script's helpers: no Playwright code
    // runs in the page for it (see __soakFind above).
    const inPage = async <T>(expression: string): Promise<T> => {
      const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', { expression, returnByValue: true });
      if (exceptionDetails) throw new Error(`${expression}: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
      return result.value as T;
    };
    const waitInPage = async (expression: string, timeoutMs = 30_000): Promise<void> => {
      const until = Date.now() + timeoutMs;
      while (!(await inPage<boolean>(expression))) {
        if (Date.now() > until) throw new Error(`timed out waiting in the page for ${expression}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    const clickOn = async (selector: string, text?: string): Promise<void> => {
      const find = `__soakFind(${JSON.stringify(selector)}${text === undefined ? '' : `, ${JSON.stringify(text)}`})`;
      await waitInPage(`${find} !== null`);
      const at = await inPage<{ x: number; y: number }>(find);
      await page.mouse.click(at.x, at.y);
    };
    const pageBusy = () => inPage<boolean>('__soakXhrs() > 0');
    const settle = async () => {
      while (inFlight > 0 || (await pageBusy())) await new Promise((r) => setTimeout(r, 5));
    };
    const STEP_MS = 5_000;
    let serverOffset = 0;
    const step = async (ms: number) => {
      for (let done = 0; done < ms; done += STEP_MS) {
        const chunk = Math.min(STEP_MS, ms - done);
        await server.advance(chunk);
        serverOffset += chunk;
        await page.clock.runFor(chunk);
        await settle();
      }
    };

    const signIn = async () => {
      await page.getByLabel(/user ?name/i).fill('learner');
      await page.getByLabel(/password/i).fill('demo-password');
      await page.getByRole('button', { name: /sign in/i }).click();
      await page.waitForURL('**/app');
      await page.waitForFunction(() => localStorage.getItem('cc:lastActivity') !== null);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    };
    const signOut = async () => {
      await page.getByRole('button', { name: /^Account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      await page.waitForURL('**/login**');
      await page.getByRole('button', { name: /sign in/i }).waitFor();
      await page.waitForFunction(() => localStorage.getItem('cc:auth') === null);
    };
    const areas = ['Home', 'Catalog', 'Resources', 'Activity'];
    // Going to an area and searching act through CDP input, not Playwright's selector engine (see __soakFind).
    const MAIN_MENU = 'nav[aria-label="Main"] a';
    const visit = async (area: string) => {
      await clickOn(MAIN_MENU, area);
      await waitInPage(`__soakFind(${JSON.stringify(`${MAIN_MENU}[aria-current="page"]`)}, ${JSON.stringify(area)}) !== null && document.querySelector('h1') !== null`);
    };
    const SEARCH_BOX = '[role="search"] input[type="search"]';
    const typeInSearch = async (text: string) => {
      await visit('Resources');
      await clickOn('a[href="/app/resources/knowledge-base"]');
      await clickOn(SEARCH_BOX);
      await waitInPage(`document.activeElement === document.querySelector(${JSON.stringify(SEARCH_BOX)})`);
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.press('Backspace');
      await page.keyboard.type(text);
      await step(1_000); // the search's debounce
    };

    const run = async (): Promise<void> => {
    // ---- 1. eight virtual hours signed in
    await page.goto('/login?redirect=%2Fapp');
    await signIn();
    let heapStart: Counters | null = null;
    const hourly: number[] = [];
    // four searches an hour and four words: every hourly measurement sees the same page with the same
    // results ('budget'), so the hours compare like with like (with six words the page measured at 1 h
    // and at 8 h held different results: 834 vs 916 DOM nodes, about 0.4 MB of the "growth")
    const words = ['budget', 'interest', 'credit', 'savings'];
    for (let minute = 1; minute <= VIRTUAL_HOURS * 60; minute += 1) {
      await page.mouse.move(100 + (minute % 50), 200 + (minute % 30));
      if (minute % 15 === 0) await typeInSearch(words[(minute / 15) % words.length]!);
      else if (minute % 5 === 0) await visit(areas[(minute / 5) % areas.length]!);
      await step(MIN);
      if (minute % 60 === 0) {
        if (!page.url().includes('/app')) throw new Error(`signed out after ${minute} virtual minutes: ${page.url()}`);
        const m = await measure(cdp);
        hourly.push(m.heapUsed);
        if (minute === 60) heapStart = m;
        const snapshots = process.env.SOAK_HEAP_SNAPSHOTS;
        if (snapshots && SNAPSHOT_HOURS.includes(minute / 60)) await heapSnapshot(cdp, path.join(snapshots, `soak-${minute / 60}h.heapsnapshot`));
        console.log(`  ${minute / 60} h: heap ${mb(m.heapUsed).toFixed(2)} MB, listeners ${m.jsEventListeners}, nodes ${m.nodes}, timers ${m.timers}, renewals ${renewals.length}`);
      }
    }
    const heapEnd = await measure(cdp);
    const stillSignedIn = page.url().includes('/app') && (await page.evaluate(() => localStorage.getItem('cc:auth') !== null));
    await signOut();

    // ---- 2. ten sign-in / sign-out cycles in the same document
    const cycle = async () => {
      await signIn();
      for (const area of areas) await visit(area);
      await typeInSearch('budget');
      await step(MIN);
      await signOut();
      await step(5_000); // let toasts and transitions finish
    };
    await cycle(); // warm-up: every chunk loaded, caches filled
    const firstWarmUp = await measure(cdp);
    // A second warm-up cycle: the first leaves <body style=""> behind (MUI's scroll lock, restored
    // when the account menu closes), and the session recorder's first snapshot in the next session
    // reads <body>'s attributes, which makes Blink keep that attribute as an Attr node: one DOM node,
    // once, for the life of <body>. Measured from here, the ten cycles start from the state every
    // cycle returns to; the first warm-up's count is printed beside them.
    await cycle();
    const before = await measure(cdp);
    // measured halfway too: a leak grows with every cycle, in both halves; a node or listener that
    // first appears in a later cycle than the warm-up (and stays, once) shows in the first half only
    const half = Math.floor(CYCLES / 2);
    let middle = before;
    for (let i = 0; i < CYCLES; i += 1) {
      await cycle();
      if (i + 1 === half) middle = await measure(cdp);
    }
    const after = await measure(cdp);
    const newTimers = after.timerList.filter((t) => !before.timerList.includes(t));
    if (after.timers > before.timers) console.log(`  timers pending after the cycles that were not before:\n    ${newTimers.join('\n    ')}`);

    const start = heapStart ?? heapEnd;
    const growth = ((heapEnd.heapUsed - start.heapUsed) / start.heapUsed) * 100;
    const figures: Figure[] = [
      { label: `JS heap after GC at 1 h (virtual)`, value: mb(start.heapUsed), unit: 'MB' },
      { label: `JS heap after GC at ${VIRTUAL_HOURS} h (virtual)`, value: mb(heapEnd.heapUsed), unit: 'MB', note: `hourly: ${hourly.map((h) => mb(h).toFixed(2)).join(', ')} MB` },
      { label: `JS heap growth 1 h → ${VIRTUAL_HOURS} h`, value: growth, unit: '%', target: { op: '<', value: 10 }, note: 'includes the session recorder\'s ring buffer (SPEC: 1000 events) filling up' },
      ...(hourly.length >= 3
        ? [
            {
              label: `JS heap growth 3 h → ${VIRTUAL_HOURS} h (recording buffer full: steady state)`,
              value: ((heapEnd.heapUsed - hourly[2]!) / hourly[2]!) * 100,
              unit: '%',
              target: { op: '<' as const, value: 10 },
            },
          ]
        : []),
      { label: 'renewals accepted in 8 h', value: renewals.filter((s) => s === 200).length, unit: 'renewals', note: `${renewals.length} asked; still signed in at the end: ${stillSignedIn ? 'yes' : 'NO'}` },
      { label: 'renewals refused', value: renewals.filter((s) => s !== 200).length, unit: 'renewals', target: { op: '<=', value: 0 } },
      { label: `event listeners: growth over ${CYCLES} sign-in/out cycles`, value: after.jsEventListeners - before.jsEventListeners, unit: 'listeners', target: { op: '<=', value: 0 }, note: `${before.jsEventListeners} → ${middle.jsEventListeners} (after ${half}) → ${after.jsEventListeners}` },
      { label: `pending timers: growth over ${CYCLES} cycles`, value: after.timers - before.timers, unit: 'timers', target: { op: '<=', value: 0 }, note: `${before.timers} → ${after.timers}` },
      { label: `DOM nodes: growth over ${CYCLES} cycles`, value: after.nodes - before.nodes, unit: 'nodes', target: { op: '<=', value: 0 }, note: `${before.nodes} → ${middle.nodes} (after ${half}) → ${after.nodes}; ${firstWarmUp.nodes} after the first warm-up cycle` },
      {
        label: `DOM nodes: growth over the last ${CYCLES - half} cycles (steady state)`,
        value: after.nodes - middle.nodes,
        unit: 'nodes',
        target: { op: '<=', value: 0 },
        note: `${middle.nodes} → ${after.nodes}; a leak grows in both halves`,
      },
      { label: `documents: growth over ${CYCLES} cycles`, value: after.documents - before.documents, unit: 'documents', target: { op: '<=', value: 0 }, note: `${before.documents} → ${after.documents}` },
      { label: `JS heap: growth over ${CYCLES} cycles`, value: ((after.heapUsed - before.heapUsed) / before.heapUsed) * 100, unit: '%', target: { op: '<', value: 10 }, note: `${mb(before.heapUsed).toFixed(2)} → ${mb(after.heapUsed).toFixed(2)} MB` },
      { label: 'soak wall-clock time', value: (Date.now() - started) / 1000, unit: 's' },
    ];
    report('soak', `Long sessions: ${VIRTUAL_HOURS} h of virtual time and ${CYCLES} sign-in/out cycles in chromium`, figures, {
      hourlyHeapBytes: hourly,
      firstWarmUp,
      before,
      after,
      newTimers,
    });
    };
    try {
      await run();
    } catch (error) {
      const shot = path.join(root, 'bench-results', 'soak-failure.png');
      await page.screenshot({ path: shot }).catch(() => undefined);
      console.error(`page time ${await page.evaluate(() => Date.now()).catch(() => 0)}, server time ${Date.now() + serverOffset}`);
      console.error(`The soak stopped at ${page.url()} (screenshot: ${shot}); renewals ${renewals.join(', ')}; failed calls:\n  ${failures.join('\n  ')}`);
      throw error;
    }
  } finally {
    await browser.close();
    server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }

}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
