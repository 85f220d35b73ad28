/**
 * Bytes on the wire to Home: what a cold browser (empty cache, a context of its own) downloads from
 * opening /login to Home settled after signing in, for the demo student and the demo teacher, on the
 * real built server. Playwright's request sizes are the encoded (compressed) bodies plus response
 * headers, as they crossed the network. Printed beside the bundle figures (`npm run bench -- bundle`),
 * never asserted. Each script and stylesheet downloaded is listed, so a chunk that arrives on Home
 * before anyone needs it (the catalog's, say) shows by name.
 */
import path from 'node:path';
import { chromium, type Browser, type Request } from 'playwright-core';
import { CHROMIUM_ARGS } from '../__tests__/e2e/support/chromium';
import { type Figure, report } from './support/report';
import { ensureFullBuild, ROOT, startBenchServer } from './support/server';

const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PASSWORD = 'demo-password';
const ACCOUNTS = [
  { who: 'student', username: 'learner', targetKb: 250 },
  { who: 'teacher', username: 'teacher', targetKb: 280 },
] as const;

interface Download {
  path: string;
  type: string;
  bytes: number;
}

interface Trip {
  bytes: number;
  scriptBytes: number;
  requests: number;
  downloads: Download[];
}

async function sizeOf(request: Request): Promise<number> {
  const sizes = await request.sizes().catch(() => null);
  return sizes ? Math.max(0, sizes.responseBodySize) + Math.max(0, sizes.responseHeadersSize) : 0;
}

/** One cold trip: /login, sign in, Home settled (no request for half a second). */
async function tripToHome(browser: Browser, base: string, username: string): Promise<Trip> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const pending: Promise<Download>[] = [];
  page.on('requestfinished', (request) => {
    pending.push(sizeOf(request).then((bytes) => ({ path: new URL(request.url()).pathname, type: request.resourceType(), bytes })));
  });
  await page.goto(`${base}/login`);
  await page.getByLabel(/user ?name/i).fill(username);
  await page.getByLabel(/password/i).fill(PASSWORD);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL(/\/app\/?$/, { timeout: 30_000 });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const downloads = await Promise.all(pending);
  await context.close();
  const bytes = downloads.reduce((sum, d) => sum + d.bytes, 0);
  const scriptBytes = downloads.filter((d) => d.type === 'script').reduce((sum, d) => sum + d.bytes, 0);
  return { bytes, scriptBytes, requests: downloads.length, downloads };
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

async function main(): Promise<void> {
  ensureFullBuild();
  // the SPA as `npm start` serves it, in test mode as the Lighthouse bench runs it, demo accounts seeded
  const server = await startBenchServer({ label: 'wire', env: { NODE_ENV: 'test', STATIC_DIR: path.join(ROOT, 'dist/client') } });
  let browser: Browser | undefined;
  try {
    const base = server.url;
    browser = await chromium.launch({ executablePath: CHROME, args: CHROMIUM_ARGS });

    const figures: Figure[] = [];
    const trips: Record<string, Trip> = {};
    for (const account of ACCOUNTS) {
      const trip = await tripToHome(browser, base, account.username);
      trips[account.who] = trip;
      const assets = trip.downloads
        .filter((d) => d.type === 'script' || d.type === 'stylesheet')
        .map((d) => `${path.basename(d.path)} ${kb(d.bytes)}`)
        .join(', ');
      figures.push(
        {
          label: `${account.who}: /login → Home, bytes on the wire (cold)`,
          value: kb(trip.bytes),
          unit: 'KB',
          target: { op: '<=', value: account.targetKb },
          note: `${kb(trip.scriptBytes)} KB of it JavaScript, ${trip.requests} requests`,
        },
        { label: `${account.who}: scripts and styles downloaded`, value: trip.downloads.filter((d) => d.type === 'script').length, unit: 'scripts', note: assets },
      );
    }
    report('bundle-wire', 'Bytes on the wire: a cold browser from /login to Home settled, on the built server', figures, { trips });
  } finally {
    await browser?.close().catch(() => undefined);
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
