/**
 * After `webpack --mode production`: writes the prerendered pages into dist/client — login.html (the
 * sign-in page) and app.html (the signed-in home page, for a session with no name and no school) —
 * each the SPA's index.html with the page's markup in #root and its CSS in <head>, rendered by
 * dist/prerender/prerender.js (src/client/prerender.tsx), plus its .br and .gz as the build writes
 * them for every text asset. The templates, dist/prerender/login.template.html and app.template.html,
 * are index.html with the scripts run by boot.ts (app.html: bootSignedIn.ts) (webpack.config.js).
 * The server answers GET /login and GET /app with them (src/server/http/static.ts). Fails the build
 * when a page cannot be rendered or the template does not have the shape fillTemplate fills in.
 */
import { createRequire } from 'node:module';
import { Buffer } from 'node:buffer';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLIENT = path.join(ROOT, 'dist/client');
const require = createRequire(import.meta.url);

/** Each prerendered page: its address, its file, its template, and whether it needs a signed-in user. */
const PAGES = [
  { pathname: '/login', file: 'login.html', template: 'login.template.html', signedIn: false },
  { pathname: '/app', file: 'app.html', template: 'app.template.html', signedIn: true },
];

async function main() {
  const { prerender, fillTemplate } = require(path.join(ROOT, 'dist/prerender/prerender.js'));
  for (const { pathname, file: name, template: templateName, signedIn } of PAGES) {
    const template = readFileSync(path.join(ROOT, 'dist/prerender', templateName), 'utf8');
    const page = await prerender(pathname, { signedIn });
    const html = fillTemplate(template, page);
    const file = path.join(CLIENT, name);
    writeFileSync(file, html);
    const buffer = Buffer.from(html);
    writeFileSync(`${file}.br`, zlib.brotliCompressSync(buffer, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, zlib.gzipSync(buffer, { level: 9 }));
    console.log(`prerender: dist/client/${name} (${buffer.length} bytes; "${page.title}")`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
