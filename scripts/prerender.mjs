/**
 * After `webpack --mode production`: writes the prerendered pages (src/client/renderAhead/prerender.tsx
 * `prerenderedPages`) into dist/client — login.html (the sign-in page), app.html (the signed-in home
 * page, for a session with no name and no school) and one file per other page of the signed-in shell
 * (the shell without the page, e.g. app-catalog-_slug.html) — and their manifest, prerendered.json
 * (src/common/renderAhead/prerendered.ts), which the server reads. Each page is the SPA's index.html with the
 * page's markup in #root and its CSS in <head>, rendered by
 * dist/prerender/prerender.js (src/client/renderAhead/prerender.tsx), plus its .br and .gz as the build writes
 * them for every text asset. The templates, dist/prerender/login.template.html and app.template.html,
 * are index.html with the scripts run by boot.ts (app.html: bootSignedIn.ts) (webpack.config.js).
 * The server answers those addresses with them (src/server/http/static.ts). Fails the build when a
 * page cannot be rendered or the template does not have the shape fillTemplate fills in.
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

/** Writes a text file with its .br and .gz, as the build does for every text asset. */
function writeCompressed(file, text) {
  writeFileSync(file, text);
  const buffer = Buffer.from(text);
  writeFileSync(`${file}.br`, zlib.brotliCompressSync(buffer, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, zlib.gzipSync(buffer, { level: 9 }));
  return buffer.length;
}

async function main() {
  const { prerender, prerenderedPages, fillTemplate } = require(path.join(ROOT, 'dist/prerender/prerender.js'));
  const pages = prerenderedPages();
  // a signed-in page's script drops the copy when no session is stored (src/client/renderAhead/bootSignedIn.ts)
  const template = (name) => readFileSync(path.join(ROOT, 'dist/prerender', name), 'utf8');
  const templates = { public: template('login.template.html'), signedIn: template('app.template.html') };
  let shells = 0;
  let shellBytes = 0;
  for (const { pathname, file: name, signedIn, withPage } of pages) {
    const page = await prerender(pathname, { signedIn, withPage });
    const bytes = writeCompressed(path.join(CLIENT, name), fillTemplate(signedIn ? templates.signedIn : templates.public, page));
    if (withPage) {
      console.log(`prerender: dist/client/${name} (${bytes} bytes; "${page.title}")`);
    } else {
      shells += 1;
      shellBytes += bytes;
    }
  }
  const manifest = { pages: pages.map(({ pattern, file }) => ({ pattern, file })) };
  writeFileSync(path.join(CLIENT, 'prerendered.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`prerender: ${shells} pages of the signed-in shell (${Math.round(shellBytes / shells)} bytes each) and dist/client/prerendered.json`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
