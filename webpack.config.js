/**
 * Client build (ARCHITECTURE: "webpack + ts-loader").
 *
 *   npm run build:client   → webpack --mode production   (minified, content-hashed, vendor chunk,
 *                            every text asset also written as .br and .gz)
 *   npm run dev            → scripts/dev.mjs runs webpack --mode development --watch beside the server
 *
 * Output goes to dist/client; the server serves it with a fallback to index.html for client routes.
 * No inline scripts are emitted: the server's Content-Security-Policy is script-src 'self'.
 * Type-checking is a separate step (`npm run typecheck`), so ts-loader only transpiles.
 */
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const zlib = require('node:zlib');
const fs = require('node:fs');

/** Text assets worth precompressing: the server sends the .br or .gz beside a file as it is (static.ts). */
const COMPRESSIBLE = /^(?!\.\.\/).*\.(js|css|html|svg|json|txt)$/;

/** TypeScript through ts-loader, transpile only (shared by the SPA and the prerender build). */
const typescriptRule = {
  test: /\.tsx?$/,
  exclude: /node_modules/,
  use: { loader: 'ts-loader', options: { transpileOnly: true, configFile: 'tsconfig.json' } },
};

/**
 * react-router 7 publishes two identical builds but its package exports name only the development
 * one, whose single difference is `ENABLE_DEV_WARNINGS = true` (extra checks and warnings at run
 * time). Production builds take the production build, next to it in the same package.
 */
function reactRouterProductionAlias() {
  const development = require.resolve('react-router').replace(/index\.js$/, 'index.mjs');
  const production = development.replace(`${path.sep}development${path.sep}`, `${path.sep}production${path.sep}`);
  if (production === development || !fs.existsSync(production)) {
    throw new Error(`webpack.config.js: react-router's production build is not at ${production}`);
  }
  return { 'react-router$': production };
}

/** axios's fetch adapter, which the SPA's build replaces with src/client/api/noFetchAdapter.js. */
const AXIOS_FETCH_ADAPTER = /axios[\\/]lib[\\/]adapters[\\/]fetch\.js$/;

/** Images and fonts imported by the SPA: files of their own (not emitted again by the prerender build). */
const ASSETS = /\.(png|svg|jpe?g|gif|webp|woff2?)$/i;

/**
 * The prerender (src/client/renderAhead/prerender.tsx) for Node, with the same React, MUI and emotion as the SPA:
 * scripts/prerender.mjs runs it after the build and writes the prerendered pages into dist/client,
 * and the server renders the pages it renders ahead of the app with it (pageRoutes.ts). Production
 * builds only; never served as a file.
 */
/** The features' public surfaces (src/client/features/<name>/index.ts). */
const FEATURE_INDEX = /[\\/]src[\\/]client[\\/]features[\\/][^\\/]+[\\/]index\.ts$/;

function prerenderConfig() {
  return {
    name: 'prerender',
    mode: 'production',
    target: 'node',
    entry: { prerender: path.resolve(__dirname, 'src/client/renderAhead/prerender.tsx') },
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: { rules: [typescriptRule, { test: ASSETS, type: 'asset/resource', generator: { emit: false } }, { test: FEATURE_INDEX, sideEffects: false }] },
    devtool: false,
    // the route chunks are files of their own, required when a page is rendered: the server, which
    // renders some signed-in pages at request time (src/server/renderAhead/pageRoutes.ts), loads only the
    // chunks of those pages (not the PDF, replay or chart libraries of others)
    output: {
      path: path.resolve(__dirname, 'dist/prerender'),
      filename: '[name].js',
      chunkFilename: 'chunks/[name].js',
      library: { type: 'commonjs2' },
      // not cleaned: the SPA's build writes login.template.html here, maybe at the same moment
      clean: false,
    },
    plugins: [new webpack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify('production') })],
    optimization: { minimize: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/**
 * The HTML page: static/index.html with the `main` entry's scripts, deferred, or (a prerendered
 * page's template, `prerendered`) preloaded and run by the boot entry named there.
 */
function pageOptions(production, prerendered) {
  return {
    // a prerendered page's template goes beside the prerender (scripts/prerender.mjs fills it in and
    // writes dist/client/login.html or app.html): without that step there is no such page, and the
    // server answers its address with index.html
    filename: prerendered ? `../prerender/${prerendered.template}` : 'index.html',
    template: path.resolve(__dirname, 'static/index.html'),
    favicon: path.resolve(__dirname, 'static/favicon.svg'),
    chunks: ['main'],
    inject: false,
    minify: production,
    templateParameters: (compilation, assets, assetTags, options) => ({
      htmlWebpackPlugin: { tags: assetTags, files: assets, options },
      bootScript: prerendered ? `${assets.publicPath}${compilation.entrypoints.get(prerendered.boot).getFiles()[0]}` : null,
    }),
  };
}

module.exports = (_env, argv) => {
  const mode = argv.mode === 'development' ? 'development' : 'production';
  const production = mode === 'production';
  const client = spaConfig(mode, production);
  return production ? [client, prerenderConfig()] : client;
};

/** The prerendered pages' boot scripts: entries of their own, without webpack's runtime. */
const BOOT_ENTRIES = ['boot', 'boot-signed-in'];

function spaConfig(mode, production) {
  return {
    name: 'spa',
    mode,
    entry: {
      main: path.resolve(__dirname, 'src/client/main.tsx'),
      // a prerendered page's only script, without webpack's runtime (src/client/renderAhead/boot.ts; for the
      // signed-in pages, src/client/renderAhead/bootSignedIn.ts)
      ...(production
        ? {
            boot: { import: path.resolve(__dirname, 'src/client/renderAhead/boot.ts'), runtime: false },
            'boot-signed-in': { import: path.resolve(__dirname, 'src/client/renderAhead/bootSignedIn.ts'), runtime: false },
          }
        : {}),
    },
    output: {
      path: path.resolve(__dirname, 'dist/client'),
      publicPath: '/',
      // 8 hex digits of content hash (the server's immutable-caching pattern needs ≥ 8): the runtime
      // carries every chunk's hash, and the 20-digit default cost every first download about 0.6 KiB
      filename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash][ext]',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js'], ...(production ? { alias: reactRouterProductionAlias() } : {}) },
    module: {
      rules: [
        typescriptRule,
        { test: ASSETS, type: 'asset/resource' },
        // A feature's index.ts only re-exports (docs/architecture.md, "Feature boundaries"). Webpack's own
        // analysis counts a re-export of a module with top-level calls (createSlice, …) as a side effect
        // and would bundle every module an index names wherever one name is used; marked free of side
        // effects, an import through the index costs only what it names.
        { test: FEATURE_INDEX, sideEffects: false },
      ],
    },
    // Separate .map files, never eval(): the server's CSP has no 'unsafe-eval', in development too.
    devtool: production ? false : 'cheap-module-source-map',
    plugins: [
      new webpack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode) }),
      // axios's fetch adapter is never reached in a browser (XHR comes first): left out
      new webpack.NormalModuleReplacementPlugin(AXIOS_FETCH_ADAPTER, path.resolve(__dirname, 'src/client/api/noFetchAdapter.js')),
      // index.html: the SPA's deferred scripts; every client route that is not prerendered gets it
      new HtmlWebpackPlugin(pageOptions(production, false)),
      // the prerendered pages' templates (scripts/prerender.mjs puts the sign-in page into the first,
      // the signed-in pages into the second): the scripts are preloaded and run by boot.ts (or
      // bootSignedIn.ts) once the page is shown
      ...(production
        ? [
            new HtmlWebpackPlugin(pageOptions(production, { template: 'login.template.html', boot: 'boot' })),
            new HtmlWebpackPlugin(pageOptions(production, { template: 'app.template.html', boot: 'boot-signed-in' })),
          ]
        : []),
      // brotli at its best quality and gzip at 9, once at build time instead of per request
      ...(production
        ? [
            new CompressionPlugin({
              filename: '[path][base].br',
              algorithm: 'brotliCompress',
              test: COMPRESSIBLE,
              compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
              threshold: 1024,
              minRatio: 0.9,
            }),
            new CompressionPlugin({
              filename: '[path][base].gz',
              algorithm: 'gzip',
              test: COMPRESSIBLE,
              compressionOptions: { level: 9 },
              threshold: 1024,
              minRatio: 0.9,
            }),
          ]
        : []),
    ],
    optimization: {
      minimize: production,
      moduleIds: production ? 'deterministic' : 'named',
      runtimeChunk: 'single',
      splitChunks: {
        // The sign-in page's chunk keeps its libraries (TextField, Alert, Stack …) in itself: /login is
        // then 4 files instead of 9, which brotli compresses about 5 KiB better (docs/performance.md).
        // Those modules are also split out as usual for every other chunk that needs them.
        chunks: (chunk) => chunk.name !== 'login' && !BOOT_ENTRIES.includes(chunk.name),
        cacheGroups: {
          vendor: {
            test: /[\\/]node_modules[\\/]/,
            name: 'vendor',
            // the entry's libraries; the boot scripts keep theirs (jwt-decode) inside themselves —
            // shared with them, vendor's modules would carry code for each entry's runtime
            chunks: (chunk) => chunk.canBeInitial() && !BOOT_ENTRIES.includes(chunk.name),
            priority: 10,
          },
        },
      },
    },
    performance: { hints: false },
    stats: production ? 'normal' : 'minimal',
  };
}
