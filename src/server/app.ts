/**
 * buildApp(deps): the whole HTTP server as a Fastify instance, without side effects; tests drive
 * it with app.inject(), main.ts makes it listen.
 */
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { API_MESSAGES } from '../common/apiMessages';
import type { EnvInfo } from '../common/types';
import type { Config } from './config';
import type { Db } from './db';
import { authRoutes } from './http/authRoutes';
import type { AppContext } from './http/context';
import { databaseUnavailable } from './http/databaseErrors';
import { HttpError } from './http/errors';
import { frameworkErrorOptions } from './http/frameworkErrors';
import { withRedaction } from './http/logging';
import { refuseNul } from './http/input';
import { builtPageRenderer, type PageRenderer } from './renderAhead/pageRenderer';
import { pageRoutes } from './renderAhead/pageRoutes';
import { proxyRoutes } from './http/proxyRoutes';
import { registerSecurityHeaders } from './http/securityHeaders';
import { NO_CACHE, previousAsset, previousAssetsDir, staticDirExists, staticRoutes } from './http/static';
import { htmlPageFor, prerenderedPages } from './renderAhead/prerenderedPages';
import { devMailboxRoutes } from './mail/devMailbox';
import { type Mailer, OutboxMailer } from './mail/mailer';
import { SmtpMailer } from './mail/smtpMailer';
import { Housekeeping } from './security/retention';
import { retentionSweep, type SweepOptions } from './retentionSweep';
import { SignInThrottle } from './security/throttle';
import type { SsoProviderConfig } from './sso/config';
import { RelyingParty } from './sso/relyingParty';
import { ssoRoutes } from './sso/routes';
import { ServiceRegistry } from './services/registry';
import type { ServiceModule } from './services/types';
import type { ServiceName } from '../common/constants';

export interface AppDeps {
  config: Config;
  db: Db;
  /** epoch ms; defaults to Date.now. Every time the server uses comes from here. */
  clock?: () => number;
  /** Fastify logger option; false (silent) by default */
  logger?: FastifyServerOptions['logger'];
  /** in-process service modules (tests may add routes); defaults to the product's modules */
  modules?: Partial<Record<ServiceName, ServiceModule>>;
  /** outgoing mail; defaults to SMTP when config.smtpUrl is set, else the outbox table */
  mailer?: Mailer;
  /**
   * renders signed-in pages ahead of the app (`GET /api/page`, renderAhead/pageRoutes.ts); defaults to the
   * build's prerender bundle beside config.staticDir in a worker thread (renderAhead/pageRenderer.ts), or none.
   * Not used when config.renderAhead is off.
   */
  pageRenderer?: PageRenderer | null;
  /**
   * The retention sweep (retentionSweep.ts): once when the app is ready, then hourly until it
   * closes. Tests may pass their own timers or interval; false: none (a test that sweeps by hand).
   */
  retentionSweep?: Pick<SweepOptions, 'timers' | 'intervalMs'> | false;
  /** school sign-in providers besides the configured ones: the local one main.ts (or a test) started */
  ssoProviders?: readonly SsoProviderConfig[];
  /** the time school sign-in judges ID tokens at (epoch ms); the machine's clock by default */
  ssoClock?: () => number;
}

/** JSON bodies above this size get 413. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { db } = deps;
  // every part (the proxy's services too) sees the providers started beside the server
  const config: Config = deps.ssoProviders?.length ? { ...deps.config, sso: { ...deps.config.sso, providers: [...deps.config.sso.providers, ...deps.ssoProviders] } } : deps.config;
  const clock = deps.clock ?? Date.now;
  // set below, once computed; framework errors (a URL that does not decode …) answer with them too
  let securityHeaders: Readonly<Record<string, string | string[]>> = {};
  const app = Fastify({
    ...frameworkErrorOptions(() => securityHeaders),
    // request URLs and error messages are logged without their secrets (http/logging.ts)
    logger: withRedaction(deps.logger ?? false),
    bodyLimit: BODY_LIMIT_BYTES,
    // one trusted hop (the peer, i.e. our proxy): behind nginx the client IP is the address nginx
    // appended, never one the client wrote into X-Forwarded-For itself (`true` would trust every
    // hop and let a client pick its own IP; a hop COUNT fails closed in Fastify 5)
    // true: one trusted hop (the address our proxy appended); a string: the proxies' addresses/CIDRs
    trustProxy: typeof config.trustProxy === 'string' ? config.trustProxy : config.trustProxy ? (_address: string, hop: number) => hop === 0 : false,
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
  });

  // an empty JSON body (e.g. POST /api/auth/renew with no payload) reads as "no body" instead of
  // a parse error; anything else goes through Fastify's own (prototype-poisoning-safe) parser, and
  // a string holding U+0000 is a 400 (http/input.ts: PostgreSQL cannot store it)
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    jsonParser(request, text, (error, value) => {
      if (error) {
        done(error, undefined);
        return;
      }
      try {
        refuseNul(value, text);
      } catch (nul) {
        done(nul as HttpError, undefined);
        return;
      }
      done(null, value);
    });
  });

  const ctx: AppContext = {
    config,
    db,
    clock,
    throttle: new SignInThrottle(db, config.throttle),
    mailer: deps.mailer ?? defaultMailer(config, db, clock),
    housekeeping: new Housekeeping(db),
  };
  if (deps.retentionSweep !== false) {
    const sweep = retentionSweep({ db, clock, recordingRetentionMs: config.support.recordingRetentionMs, auditRetentionMs: config.auditRetentionMs, log: app.log, ...deps.retentionSweep });
    // the first sweep before the first request: a process that starts after a quiet week deletes
    // that week's expired rows at once (a failure is logged, the start goes on)
    app.addHook('onReady', async () => {
      await sweep.run();
      sweep.start();
    });
    app.addHook('onClose', async () => sweep.stop());
  }
  const registry = new ServiceRegistry(config, deps.modules);
  if (!deps.mailer && ctx.mailer instanceof SmtpMailer) {
    const smtp = ctx.mailer;
    app.addHook('onClose', async () => smtp.close());
  }

  // @fastify/helmet's headers, computed once (http/securityHeaders.ts)
  securityHeaders = await registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // MUI styles with emotion, which injects <style> elements at run time; without
        // 'unsafe-inline' for STYLES ONLY the SPA renders unstyled. Scripts stay 'self' only.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        manifestSrc: ["'self'"],
      },
    },
    frameguard: { action: 'deny' },
    // HSTS only makes sense behind TLS, which production terminates in front of us
    strictTransportSecurity: config.isProduction,
  });
  // a 304 (a revalidated ETag) has no body: nothing for the compressor below to encode
  app.addHook('onSend', async (_request, reply, payload) => (reply.statusCode === 304 ? null : payload));
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'] });

  // every /api answer is personal or live: never stored by a browser or a proxy
  app.addHook('onRequest', async (request, reply) => {
    if (request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?')) {
      reply.header('cache-control', 'no-store');
    }
  });
  // The SPA judges token expiry in the server's time, learning the offset from the Date header of
  // the auth answers (src/common/serverClock.ts). Node stamps every answer with the machine's clock,
  // which is the tokens' clock in production; an injected clock (tests) must stamp its own, and only
  // then does every answer pay for this hook.
  if (deps.clock) {
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?')) {
        reply.header('date', new Date(clock()).toUTCString());
      }
      return payload;
    });
  }

  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send({ message: error.message });
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.validation) {
      return reply.code(400).send({ message: `Invalid request: ${fastifyError.message}` });
    }
    if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fastifyError.statusCode === 413) {
      return reply.code(413).send({ message: API_MESSAGES.bodyTooLarge });
    }
    const status = fastifyError.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return reply.code(status).send({ message: fastifyError.message });
    }
    const unavailable = databaseUnavailable(error);
    if (unavailable) {
      request.log.warn({ err: error }, unavailable.reason === 'busy' ? 'database busy' : 'database unavailable');
      const message = unavailable.reason === 'busy' ? API_MESSAGES.databaseBusy : API_MESSAGES.databaseUnavailable;
      return reply.code(503).header('retry-after', String(unavailable.retryAfterSeconds)).send({ message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: API_MESSAGES.serverError });
  });

  const hasStatic = staticDirExists(config.staticDir);
  // RENDER_AHEAD=off: index.html for every client route, whatever the build prerendered
  const { pages: prerendered, problems } = hasStatic && config.renderAhead ? prerenderedPages(config.staticDir) : { pages: undefined, problems: [] };
  for (const problem of problems) app.log.warn(`prerendered pages: ${problem} (its addresses get index.html)`);
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');
    // a client route: the browser asks for HTML; a missing asset (has an extension) stays a 404
    const accept = request.headers.accept ?? '';
    const pathname = request.url.split('?')[0] ?? '';
    // a tab opened before a deploy still loads its pages' code (docs/server.md "Static files")
    const previous = hasStatic && (request.method === 'GET' || request.method === 'HEAD') ? previousAsset(config.staticDir, pathname) : null;
    if (previous) {
      reply.sendFile(previous, previousAssetsDir(config.staticDir));
      return;
    }
    const wantsHtml = accept.includes('text/html') || (accept.includes('*/*') && !/\.[a-z0-9]+$/i.test(pathname));
    if (!isApi && hasStatic && (request.method === 'GET' || request.method === 'HEAD') && wantsHtml) {
      reply.header('cache-control', NO_CACHE).type('text/html; charset=utf-8').sendFile(prerendered ? htmlPageFor(request.url, prerendered) : 'index.html');
      return;
    }
    reply.code(404).send({ message: API_MESSAGES.notFound });
  });

  app.get('/api', async (): Promise<EnvInfo> => ({ appbadge: config.appBadge, env: config.appEnv }));
  await authRoutes(app, ctx);
  await ssoRoutes(app, ctx, new RelyingParty(config.sso.providers, config.publicUrl, deps.ssoClock));
  if (config.devMailbox !== 'off') await devMailboxRoutes(app, ctx);
  await proxyRoutes(app, ctx, registry);
  // RENDER_AHEAD=off: GET /api/page answers 204 (nothing rendered ahead) to a page still asking
  const builtRenderer = config.renderAhead && deps.pageRenderer === undefined ? builtPageRenderer(config.staticDir) : null;
  if (builtRenderer) app.addHook('onClose', async () => builtRenderer.close());
  await pageRoutes(app, ctx, !config.renderAhead ? null : deps.pageRenderer === undefined ? builtRenderer : deps.pageRenderer);
  if (hasStatic) await staticRoutes(app, config.staticDir);
  else app.log.info({ staticDir: config.staticDir }, 'no built SPA found: serving the API only');

  return app;
}

/** SMTP when SMTP_URL is set, otherwise the outbox table (the embedded default). */
export function defaultMailer(config: Config, db: Db, clock: () => number): Mailer {
  if (!config.smtpUrl) return new OutboxMailer(db, clock);
  return new SmtpMailer(config.smtpUrl, config.mailFrom);
}
