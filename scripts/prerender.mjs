/**
 * After `webpack --mode production`: writes dist/client/login.html, the SPA's index.html with the
 * sign-in page's markup in #root and its CSS in <head>, rendered by dist/prerender/prerender.js
 * (src/client/prerender.tsx), plus its .br and .gz as the build writes them for every text asset.
 * The template, dist/prerender/login.template.html, is index.html with the scripts run by boot.ts
 * (webpack.config.js).
 * The server answers GET /login with it (src/server/http/static.ts). Fails the build when the page
 * cannot be rendered or the template does not have the shape fillTemplate fills in.
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

async function main() {
  const { prerender, fillTemplate } = require(path.join(ROOT, 'dist/prerender/prerender.js'));
  const page = await prerender('/login');
  const template = readFileSync(path.join(ROOT, 'dist/prerender/login.template.html'), 'utf8');
  const html = fillTemplate(template, page);
  const file = path.join(CLIENT, 'login.html');
  writeFileSync(file, html);
  const buffer = Buffer.from(html);
  writeFileSync(`${file}.br`, zlib.brotliCompressSync(buffer, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, zlib.gzipSync(buffer, { level: 9 }));
  console.log(`prerender: dist/client/login.html (${buffer.length} bytes; "${page.title}")`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
