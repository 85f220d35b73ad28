/**
 * Bundle benchmark. Builds the production SPA with webpack (the same config as
 * `npm run build:client`, into dist/client) and a FLOOR bundle (bench/floor/main.tsx: just the mandated
 * stack and the MUI components /login renders), then prints for each route the JavaScript and CSS it
 * downloads before its page can render — raw, gzip and brotli — and /login and /app as a ratio of the
 * floor. The chunk set of a route is read from webpack's chunk graph: the entry's chunks plus every
 * chunk of the lazily loaded chunk group(s) holding the route's page module(s). It also checks that every
 * area's pages live in their own lazily loaded chunk. Beside each route, the same download with
 * RENDER_AHEAD=off (no boot script) and the HTML document either way (its prerendered page, or
 * index.html). Printed, never asserted.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import webpack, { type Configuration, type StatsCompilation } from 'webpack';
import { htmlPageFor, prerenderedPages } from '../src/server/renderAhead/prerenderedPages';
import { type Figure, report } from './support/report';

const ROOT = path.resolve(__dirname, '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const makeConfig = require(path.join(ROOT, 'webpack.config.js')) as (env: unknown, argv: { mode: string }) => Configuration | Configuration[];

/** The production build's configurations: the SPA's and the sign-in page's prerender (webpack.config.js). */
function productionConfigs(): { spa: Configuration; prerender: Configuration | undefined } {
  const configs = ([] as Configuration[]).concat(makeConfig(undefined, { mode: 'production' }));
  const spa = configs.find((c) => c.name === 'spa') ?? configs[0];
  if (!spa) throw new Error('webpack.config.js has no configuration');
  return { spa, prerender: configs.find((c) => c.name === 'prerender') };
}

/**
 * What each measured route renders: its page modules (layout + page), as paths under src/client, and
 * for a prerendered page the boot script its HTML runs (a webpack entry: login.html, app.html and
 * the areas' shells, src/common/renderAhead/prerendered.ts).
 */
const ROUTES: { route: string; pages: string[]; boot?: string }[] = [
  { route: '/login', pages: ['app/Shell/PublicLayout.tsx', 'features/auth/pages/LoginPage.tsx'], boot: 'boot' },
  { route: '/app', pages: ['app/Shell/AppShell.tsx', 'app/pages/HomePage.tsx'], boot: 'boot-signed-in' },
  { route: '/app/catalog', pages: ['app/Shell/AppShell.tsx', 'features/catalog/pages/CatalogPages.tsx'], boot: 'boot-signed-in' },
  {
    route: '/app/resources/knowledge-base/:tslug/:aslug',
    pages: ['app/Shell/AppShell.tsx', 'features/knowledgeBase/pages/KnowledgeBasePages.tsx'],
    boot: 'boot-signed-in',
  },
];

/** Areas whose pages must each be a lazily loaded chunk (folder under src/client/features or a page file). */
const AREAS: { area: string; pages: string }[] = [
  { area: 'catalog', pages: 'features/catalog/pages/' },
  { area: 'knowledge base', pages: 'features/knowledgeBase/pages/' },
  { area: 'budget wizard', pages: 'features/budgetWizard/pages/' },
  { area: 'worksheets', pages: 'features/worksheets/pages/' },
  { area: 'activity', pages: 'features/activity/pages/' },
  { area: 'resources', pages: 'features/resources/pages/' },
  { area: 'support', pages: 'features/support/pages/SupportPages' },
  { area: 'support console replay', pages: 'features/support/pages/ReplayPage' },
  { area: 'profile', pages: 'features/profile/pages/' },
  { area: 'registration', pages: 'features/registration/pages/' },
  { area: 'password', pages: 'features/password/pages/' },
  { area: 'login', pages: 'features/auth/pages/LoginPage' },
  { area: 'home', pages: 'app/pages/HomePage' },
  { area: 'about / terms / privacy', pages: 'app/pages/InfoPages' },
];

const TARGET_LOGIN = 1.25;
const TARGET_APP = 1.5;

interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

function sizesOf(dir: string, files: Iterable<string>): Sizes {
  const total: Sizes = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const body = readFileSync(path.join(dir, file));
    total.raw += body.length;
    total.gzip += gzipSync(body, { level: 9 }).length;
    total.brotli += brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return total;
}

const isCode = (file: string) => /\.(js|css)$/.test(file);

function compile(config: Configuration): Promise<StatsCompilation> {
  return new Promise((resolve, reject) => {
    webpack(config, (error, stats) => {
      if (error) return reject(error);
      if (!stats) return reject(new Error('webpack returned no stats'));
      if (stats.hasErrors()) return reject(new Error(stats.toString('errors-only')));
      resolve(stats.toJson({ all: false, assets: true, chunks: true, chunkGroups: true, chunkModules: false, modules: true, nestedModules: true, entrypoints: true, ids: true, outputPath: true }));
    });
  });
}

/** module name (./src/client/…) → chunk ids, concatenated modules unfolded */
function moduleChunks(stats: StatsCompilation): Map<string, (string | number)[]> {
  const map = new Map<string, (string | number)[]>();
  for (const m of stats.modules ?? []) {
    const chunks = m.chunks ?? [];
    for (const inner of m.modules ?? [m]) if (inner.name) map.set(inner.name.replace(/ \+ \d+ modules$/, ''), chunks);
  }
  return map;
}

function entryFiles(stats: StatsCompilation, name = 'main'): Set<string> {
  const entry = stats.entrypoints?.[name];
  if (!entry) throw new Error(`no ${name} entrypoint in the stats`);
  return new Set((entry.assets ?? []).map((a) => a.name).filter(isCode));
}

/** All files of the chunk groups that contain any of `chunkIds` (the lazily loaded group of a page). */
function groupFiles(stats: StatsCompilation, chunkIds: (string | number)[]): { files: Set<string>; groups: string[] } {
  const files = new Set<string>();
  const groups: string[] = [];
  for (const [name, group] of Object.entries(stats.namedChunkGroups ?? {})) {
    if (name === 'main') continue;
    if (!(group.chunks ?? []).some((id) => chunkIds.includes(id))) continue;
    groups.push(name);
    for (const a of group.assets ?? []) if (isCode(a.name)) files.add(a.name);
  }
  return { files, groups };
}

const kib = (n: number) => Math.round((n / 1024) * 10) / 10;

async function main(): Promise<void> {
  const started = Date.now();
  console.log('building the production SPA (webpack, dist/client) …');
  const { spa: appConfig, prerender } = productionConfigs();
  const app = await compile(appConfig);
  const appDir = appConfig.output!.path!;
  const initialChunkIds = new Set((app.chunks ?? []).filter((c) => c.initial).map((c) => c.id!));
  const chunksOf = moduleChunks(app);
  const entry = entryFiles(app);
  // a prerendered page (login.html, app.html) runs the entry with a small script of its own
  const bootFiles = (name: string | undefined) => (name && app.entrypoints?.[name] ? entryFiles(app, name) : new Set<string>());
  // dist/client as `npm run build:client` leaves it, prerendered login.html and app.html included
  if (prerender) {
    console.log('prerendering the sign-in and home pages (login.html, app.html) …');
    await compile(prerender);
    execFileSync(process.execPath, [path.join(ROOT, 'scripts/prerender.mjs')], { cwd: ROOT, stdio: 'inherit' });
  }

  console.log('building the floor bundle (bench/floor/main.tsx) …');
  const floorDir = mkdtempSync(path.join(os.tmpdir(), 'cashwise-floor-'));
  const floorConfig: Configuration = {
    ...appConfig,
    name: 'floor',
    entry: { main: path.join(__dirname, 'floor/main.tsx') },
    output: { ...appConfig.output, path: floorDir },
    plugins: (appConfig.plugins ?? []).filter((p) => p && p.constructor.name !== 'HtmlWebpackPlugin' && p.constructor.name !== 'CompressionPlugin'),
  };
  const floorStats = await compile(floorConfig);
  const floor = sizesOf(floorDir, (floorStats.assets ?? []).map((a) => a.name).filter(isCode));
  rmSync(floorDir, { recursive: true, force: true });

  const figures: Figure[] = [];
  const perRoute: Record<string, { files: string[]; groups: string[]; sizes: Sizes }> = {};
  const renderAheadColumns: Record<string, { on: number; off: number; htmlOn: number; htmlOff: number }> = {};
  // the HTML a route's address is answered with: its prerendered page (the manifest's, as the server
  // picks it) with the render-ahead layer on, index.html with it off (null)
  const prerendered = prerenderedPages(appDir).pages;
  const htmlBrotli = (route: string | null) => sizesOf(appDir, [route === null ? 'index.html' : htmlPageFor(route.replace(/:[^/]+/g, 'x'), prerendered)]).brotli;
  for (const r of ROUTES) {
    const files = new Set([...entry, ...bootFiles(r.boot)]);
    const groups: string[] = [];
    for (const page of r.pages) {
      const ids = chunksOf.get(`./src/client/${page}`);
      if (!ids) throw new Error(`page module ${page} is not in the build`);
      if (ids.some((id) => initialChunkIds.has(id))) {
        groups.push(`${page} (entry)`);
        continue;
      }
      const g = groupFiles(app, ids);
      groups.push(...g.groups);
      for (const f of g.files) files.add(f);
    }
    const sizes = sizesOf(appDir, files);
    perRoute[r.route] = { files: [...files].sort(), groups, sizes };
    const note = `${files.size} files; chunk groups: main + ${[...new Set(groups)].join(', ')}`;
    figures.push({ label: `${r.route} first-load JS+CSS, raw`, value: kib(sizes.raw), unit: 'KiB', note });
    figures.push({ label: `${r.route} first-load JS+CSS, gzip`, value: kib(sizes.gzip), unit: 'KiB' });
    figures.push({ label: `${r.route} first-load JS+CSS, brotli (served)`, value: kib(sizes.brotli), unit: 'KiB' });
    // RENDER_AHEAD=off: index.html and the same scripts without the boot script
    const plain = [...files].filter((file) => !bootFiles(r.boot).has(file));
    const renderAhead = { on: sizes.brotli, off: sizesOf(appDir, plain).brotli, htmlOn: htmlBrotli(r.route), htmlOff: htmlBrotli(null) };
    renderAheadColumns[r.route] = renderAhead;
    figures.push({
      label: `${r.route} first-load JS+CSS, brotli, RENDER_AHEAD=off`,
      value: kib(renderAhead.off),
      unit: 'KiB',
      note: `HTML document brotli ${kib(renderAhead.htmlOn)} KiB on, ${kib(renderAhead.htmlOff)} KiB off (index.html)`,
    });
  }

  figures.push({ label: 'floor, raw', value: kib(floor.raw), unit: 'KiB', note: 'React, react-dom, react-router, RTK, react-redux, redux-saga, MUI of /login' });
  figures.push({ label: 'floor, gzip', value: kib(floor.gzip), unit: 'KiB' });
  figures.push({ label: 'floor, brotli', value: kib(floor.brotli), unit: 'KiB' });

  // three decimals: rounded to two, 1.2549 printed as 1.25 and passed a ≤ 1.25 target it misses by 0.8 KB
  const ratio = (route: string, kind: keyof Sizes) => Math.round((perRoute[route]!.sizes[kind] / floor[kind]) * 1000) / 1000;
  for (const [route, target] of [['/login', TARGET_LOGIN], ['/app', TARGET_APP]] as const) {
    figures.push({ label: `${route} ÷ floor, brotli (what the server sends)`, value: ratio(route, 'brotli'), unit: '×', target: { op: '<=', value: target } });
    figures.push({ label: `${route} ÷ floor, gzip`, value: ratio(route, 'gzip'), unit: '×', note: 'for browsers without br' });
    figures.push({ label: `${route} ÷ floor, raw`, value: ratio(route, 'raw'), unit: '×' });
  }

  const areas: Record<string, string[]> = {};
  for (const a of AREAS) {
    const modules = [...chunksOf.entries()].filter(([name]) => name.startsWith(`./src/client/${a.pages}`));
    const inEntry = modules.filter(([, ids]) => ids.some((id) => initialChunkIds.has(id)));
    const groups = new Set(modules.flatMap(([, ids]) => groupFiles(app, ids).groups));
    const lazy = modules.length > 0 && inEntry.length === 0 && groups.size > 0;
    areas[a.area] = [...groups];
    figures.push({
      label: `${a.area}: pages in a lazily loaded chunk`,
      value: lazy ? 1 : 0,
      unit: '(1 = yes)',
      target: { op: '>=', value: 1 },
      note: lazy ? `chunk group ${[...groups].join(', ')}` : modules.length === 0 ? 'no page modules found' : `${inEntry.length} page module(s) in the entry`,
    });
  }

  // MUI path imports (@mui/material/Button) only: the barrel would bring every component's module in
  const barrels = [...chunksOf.keys()].filter((name) => /node_modules\/@mui\/(material|x-charts)\/(esm\/)?index\.js$/.test(name));
  figures.push({ label: 'MUI barrel modules in the build', value: barrels.length, unit: '', target: { op: '<=', value: 0 }, ...(barrels.length ? { note: barrels.join(', ') } : {}) });

  console.log(`entry files: ${[...entry].map((f) => `${f} ${kib(sizesOf(appDir, [f]).raw)} KiB`).join(', ')}`);
  report('bundle', 'Bundle: first-load JavaScript and CSS per route, against the floor', figures, {
    routes: perRoute,
    renderAhead: renderAheadColumns,
    floor,
    areas,
    buildSeconds: Math.round((Date.now() - started) / 1000),
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
