/**
 * SPEC §7 backend proxy: POST /api/service, /api/service/:name and /api/service/multipart.
 * One request shape, validated here; routed once by the registry to an in-process route or
 * to the configured upstream.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ValidationError } from 'yup';
import { API_MESSAGES } from '../../common/apiMessages';
import { DEFAULT_SERVICE, PROXY_MAX_TIMEOUT_MS, PROXY_METHODS, TIMEOUTS, type ProxyMethod } from '../../common/constants';
import { hasPermission } from '../../common/permissions';
import type { SessionIdentity } from '../../common/types';
import { matchPattern, normalisePath } from '../services/paths';
import type { ResolvedService, ServiceRegistry } from '../services/registry';
import { Result, Tagged, type ServiceContext, type ServiceModule, type ServiceRoute, type UploadedFile } from '../services/types';
import { callUpstream } from '../services/upstream';
import { authenticate, bearerToken, isSystemCaller, refuseWhileTemporaryPassword, requireAppKey, type Authenticated } from './authenticate';
import type { AppContext } from './context';
import { HttpError } from './errors';
import { refuseNul } from './input';

/** busboy's own limits; the bytes a request may send are the route's and UPLOAD_MAX_BYTES (receiveUpload) */
export const MULTIPART_LIMITS = { fileSize: 100 * 1024 * 1024, files: 5, fields: 10, fieldSize: 1024 * 1024, parts: 20 } as const;
/** what a refused upload (UPLOAD_MAX_CONCURRENT reached) is told to wait */
const UPLOAD_RETRY_AFTER_SECONDS = 5;
const MAX_PARAMS = 50;

export interface ParsedProxyRequest {
  service: string;
  method: ProxyMethod;
  segments: string[];
  payload: unknown;
  query: Record<string, string | number | boolean>;
  useSystem: boolean;
  timeout: number;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Validates the proxy body (SPEC §7 defaults: service OneLook, method GET, timeout 15000 ms). */
export function parseProxyRequest(raw: unknown, serviceFromUrl?: string): ParsedProxyRequest {
  if (!isPlainObject(raw)) throw new HttpError(400, 'The proxy request must be a JSON object.');
  const { service, method, path, payload, params, useSystem, timeout } = raw;

  if (service !== undefined && service !== null && (typeof service !== 'string' || service.length > 50)) {
    throw new HttpError(400, 'service must be a service name.');
  }
  if (serviceFromUrl !== undefined && typeof service === 'string' && service.toLowerCase() !== serviceFromUrl.toLowerCase()) {
    throw new HttpError(400, API_MESSAGES.serviceMismatch);
  }
  const chosenService = serviceFromUrl ?? (typeof service === 'string' && service !== '' ? service : DEFAULT_SERVICE);

  let chosenMethod: ProxyMethod = 'GET';
  if (method !== undefined && method !== null) {
    const upper = typeof method === 'string' ? method.toUpperCase() : '';
    if (!(PROXY_METHODS as readonly string[]).includes(upper)) throw new HttpError(400, API_MESSAGES.badMethod);
    chosenMethod = upper as ProxyMethod;
  }

  if (typeof path !== 'string' || path === '') throw new HttpError(400, 'path is required.');
  const segments = normalisePath(path);
  if (!segments) throw new HttpError(400, API_MESSAGES.badPath);

  const query: Record<string, string | number | boolean> = {};
  if (params !== undefined && params !== null) {
    if (!isPlainObject(params)) throw new HttpError(400, 'params must be an object of strings, numbers or booleans.');
    const entries = Object.entries(params);
    if (entries.length > MAX_PARAMS) throw new HttpError(400, `params may hold at most ${MAX_PARAMS} entries.`);
    for (const [key, value] of entries) {
      if (typeof value !== 'string' && typeof value !== 'boolean' && !(typeof value === 'number' && Number.isFinite(value))) {
        throw new HttpError(400, 'params must be an object of strings, numbers or booleans.');
      }
      query[key] = value;
    }
  }

  if (useSystem !== undefined && useSystem !== null && typeof useSystem !== 'boolean') {
    throw new HttpError(400, 'useSystem must be true or false.');
  }

  let chosenTimeout: number = TIMEOUTS.proxyMs;
  if (timeout !== undefined && timeout !== null) {
    if (typeof timeout !== 'number' || !Number.isInteger(timeout) || timeout < TIMEOUTS.clientMinimumMs || timeout > PROXY_MAX_TIMEOUT_MS) {
      throw new HttpError(400, API_MESSAGES.badTimeout(TIMEOUTS.clientMinimumMs, PROXY_MAX_TIMEOUT_MS));
    }
    chosenTimeout = timeout;
  }

  return {
    service: chosenService,
    method: chosenMethod,
    segments,
    payload,
    query,
    useSystem: useSystem === true,
    timeout: chosenTimeout,
  };
}

export function findRoute(module: ServiceModule, method: ProxyMethod, segments: string[]): { route: ServiceRoute; params: Record<string, string> } {
  let pathMatched = false;
  for (const route of module.routes) {
    const params = matchPattern(route.path, segments);
    if (!params) continue;
    pathMatched = true;
    if (route.method === method) return { route, params };
  }
  if (pathMatched) throw new HttpError(405, API_MESSAGES.methodNotAllowed(method));
  throw new HttpError(404, API_MESSAGES.unknownRoute);
}

/**
 * The route's access rule for this caller. `useSystem` is a wish: it counts only from a system
 * caller (a SYSTEM_KEYS credential) and only on a route that allows it, so a browser can never
 * reach a system route or act as the system, whoever serves the route.
 */
export function checkAccess(route: ServiceRoute, identity: SessionIdentity | null, useSystem: boolean, systemCaller: boolean): void {
  const systemAllowed = route.access === 'system' || route.allowSystem === true;
  if (useSystem && !systemAllowed) throw new HttpError(403, API_MESSAGES.systemNotAllowed);
  if (useSystem && !systemCaller) throw new HttpError(403, API_MESSAGES.systemCredentialRequired);
  if (route.access === 'public') return;
  if (route.access === 'system') {
    if (!useSystem) throw new HttpError(403, API_MESSAGES.systemRequired);
    return;
  }
  if (!identity) throw new HttpError(401, API_MESSAGES.notSignedIn);
  if (route.access === 'user') return;
  if (!hasPermission(identity.permissions, route.access.permission)) throw new HttpError(403, API_MESSAGES.forbidden);
}

/** JSON and tag of frozen answers (kept and shared by the read caches): the same object, the same text. */
const serialised = new WeakMap<object, { json: string; etag: string }>();

const tagOf = (json: string): string => `W/"${createHash('sha1').update(json).digest('base64url')}"`;

function serialise(result: object): { json: string; etag: string } {
  let kept = serialised.get(result);
  if (!kept) {
    const json = JSON.stringify(result);
    kept = { json, etag: tagOf(json) };
    if (Object.isFrozen(result)) serialised.set(result, kept);
  }
  return kept;
}

/**
 * A read's answer with a weak ETag of its JSON (catalog tree, sections, articles…); 304 without a
 * body when the caller's If-None-Match already names it.
 * The answer stays `Cache-Control: no-store` (personal data): the ETag serves a client that keeps
 * the last answer itself and revalidates, across instances too (same content, same tag). A frozen
 * answer (one a read cache keeps, deep-frozen) is serialised once.
 */
export function sendWithEtag(request: FastifyRequest, reply: FastifyReply, result: object): FastifyReply {
  const { json, etag } = serialise(result);
  reply.header('etag', etag);
  if (namesTag(request, etag)) return reply.code(304).send();
  return reply.code(200).type('application/json; charset=utf-8').send(json);
}

function namesTag(request: FastifyRequest, etag: string): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  return typeof ifNoneMatch === 'string' && ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*');
}

/** A `Tagged` answer: 304 when the caller names its tag, before the answer is made; else its JSON under that tag. */
async function sendTagged(request: FastifyRequest, reply: FastifyReply, tagged: Tagged): Promise<FastifyReply> {
  reply.header('etag', tagged.etag);
  if (namesTag(request, tagged.etag)) return reply.code(304).send();
  const json = JSON.stringify(await tagged.make());
  return reply.code(200).type('application/json; charset=utf-8').send(json);
}

/** A proxy call that passed every check: the route, its caller, its validated payload. */
interface CheckedCall {
  call: ParsedProxyRequest;
  service: ResolvedService;
  route: ServiceRoute;
  params: Record<string, string>;
  authenticated: Authenticated | null;
  appKey: string;
  payload: unknown;
}

export async function proxyRoutes(app: FastifyInstance, ctx: AppContext, registry: ServiceRegistry): Promise<void> {
  /**
   * Every call, local or upstream, passes the same checks in the same order: app key, service,
   * token, the route allowlist (method + path pattern), access and useSystem, the payload schema.
   * Nothing is sent upstream and no handler runs before all of them pass.
   */
  async function check(request: FastifyRequest, call: ParsedProxyRequest): Promise<CheckedCall> {
    const appKey = requireAppKey(ctx, request);
    const service = registry.resolve(call.service);
    if (!service) throw new HttpError(404, API_MESSAGES.unknownService(call.service));
    // a token, when sent, must be good; without one the caller is anonymous
    const authenticated = request.headers.authorization ? await authenticate(ctx, request, { temporaryPassword: 'allowed' }) : null;
    const { route, params } = findRoute(service.module, call.method, call.segments);
    // a temporary password's session reaches only the routes that replace it (the password change)
    refuseWhileTemporaryPassword(authenticated?.identity, route.whileTemporaryPassword === true);
    checkAccess(route, authenticated?.identity ?? null, call.useSystem, isSystemCaller(ctx, request));
    let payload = call.payload;
    if (route.payloadSchema) {
      try {
        payload = await route.payloadSchema.validate(call.payload, { abortEarly: true, stripUnknown: false });
      } catch (error) {
        if (error instanceof ValidationError) throw new HttpError(400, error.message);
        // a schema transform met a value of a type it cannot handle (e.g. yup's .trim() given an
        // array): the payload is wrong, not the server
        request.log.info({ err: error }, 'payload schema could not read the payload');
        throw new HttpError(400, API_MESSAGES.badPayload);
      }
    }
    return { call, service, route, params, authenticated, appKey, payload };
  }

  function serviceContext(request: FastifyRequest, checked: CheckedCall, files: UploadedFile[]): ServiceContext {
    return {
      identity: checked.authenticated?.identity ?? null,
      system: checked.call.useSystem,
      params: checked.params,
      query: checked.call.query,
      payload: checked.payload,
      files,
      db: ctx.db,
      config: ctx.config,
      clock: ctx.clock,
      mailer: ctx.mailer,
      log: request.log,
      ip: request.ip,
      appKey: checked.appKey,
      sessionId: checked.authenticated?.session.id ?? null,
      acceptLanguage: request.headers['accept-language'],
    };
  }

  async function answer(request: FastifyRequest, reply: FastifyReply, checked: CheckedCall, files: UploadedFile[]) {
    const { call, service, route } = checked;
    if (service.upstream !== null) {
      const upstream = await callUpstream({
        baseUrl: service.upstream,
        segments: call.segments,
        method: call.method,
        query: call.query,
        payload: checked.payload,
        files,
        // the call's own timeout, bounded by UPSTREAM_TIMEOUT_MS
        timeoutMs: Math.min(call.timeout, ctx.config.upstreamTimeoutMs),
        maxResponseBytes: ctx.config.upstreamMaxResponseBytes,
        appKey: checked.appKey,
        bearer: checked.authenticated ? bearerToken(request) : null,
        useSystem: call.useSystem,
      });
      return reply.code(upstream.status).type(upstream.contentType).send(upstream.body);
    }
    // a route only an upstream serves, and none is configured
    if (!route.handler) throw new HttpError(404, API_MESSAGES.unknownRoute);
    const result = await route.handler(serviceContext(request, checked, files));
    if (result instanceof Tagged) return sendTagged(request, reply, result);
    if (result instanceof Result) {
      if (result.headers) reply.headers(result.headers);
      return result.body === undefined ? reply.code(result.status).send() : reply.code(result.status).send(result.body);
    }
    if (result === undefined) return reply.code(204).send();
    // JSON answers (objects, arrays) get a tag; anything else goes out as Fastify sends it
    if (call.method === 'GET' && typeof result === 'object' && result !== null && (Array.isArray(result) || Object.getPrototypeOf(result) === Object.prototype)) return sendWithEtag(request, reply, result);
    return reply.code(200).send(result);
  }

  app.post('/api/service', async (request, reply) => answer(request, reply, await check(request, parseProxyRequest(request.body)), []));

  app.post<{ Params: { name: string } }>('/api/service/:name', async (request, reply) =>
    answer(request, reply, await check(request, parseProxyRequest(request.body, request.params.name)), []),
  );

  // Uploads have a scope of their own: @fastify/multipart's parser and its per-request hooks (an
  // onRequest adding a 'close' listener, an onResponse cleaning saved files) serve this one route,
  // not every answer; a multipart body sent anywhere else is 415 Unsupported Media Type.
  let uploadsInProgress = 0;
  await app.register(async (uploads) => {
    await uploads.register(fastifyMultipart, { limits: MULTIPART_LIMITS });
    uploads.post('/api/service/multipart', async (request, reply) => {
      requireAppKey(ctx, request); // before reading anything
      // a bounded number of uploads per process: each holds up to its byte budget in memory
      if (uploadsInProgress >= ctx.config.uploads.maxConcurrent) {
        throw new HttpError(503, API_MESSAGES.uploadsBusy, { 'retry-after': String(UPLOAD_RETRY_AFTER_SECONDS) });
      }
      uploadsInProgress += 1;
      try {
        return await receiveUpload(request, reply);
      } finally {
        uploadsInProgress -= 1;
      }
    });
  });

  /**
   * The form's `request` field comes first: the caller, the route (it must take files), its
   * access and payload, and the route's own upload check are settled before any file part is
   * read. Files are then read as streams against the request's byte budget; reading stops at the
   * first byte over it (413).
   */
  async function receiveUpload(request: FastifyRequest, reply: FastifyReply) {
    let checked: CheckedCall | null = null;
    // what the checks threw (401, 403, a database outage…) goes out as it is, not as a bad form
    let checkFailure: unknown = null;
    let limit = 0;
    let budget = 0;
    const files: UploadedFile[] = [];
    try {
      for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
        if (part.type === 'field') {
          if (part.fieldname !== 'request' || checked) continue;
          if (typeof part.value !== 'string') throw new HttpError(400, API_MESSAGES.badMultipart);
          checked = await checkUploadRequest(request, part.value).catch((error: unknown) => {
            checkFailure = error;
            throw error;
          });
          limit = Math.min(checked.route.uploads?.maxBytes ?? 0, ctx.config.uploads.maxBytesPerRequest);
          budget = limit;
          continue;
        }
        if (!checked) {
          part.file.resume(); // not read into memory: the form is refused
          throw new HttpError(400, API_MESSAGES.requestBeforeFiles);
        }
        const data = await readWithin(part.file, budget);
        if (data === null) throw new HttpError(413, API_MESSAGES.uploadTooLarge(limit));
        budget -= data.length;
        files.push({ field: part.fieldname, filename: part.filename, mimetype: part.mimetype, data });
      }
    } catch (error) {
      // ours, limits (413) and "not multipart" (406) carry their status; busboy's own parse errors
      // (no boundary, a malformed part header, a form cut short) are the client's: 400
      if (error === checkFailure || error instanceof HttpError || typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
      request.log.info({ err: error }, 'unreadable multipart form');
      throw new HttpError(400, API_MESSAGES.badMultipartForm);
    }
    if (!checked) throw new HttpError(400, API_MESSAGES.badMultipart);
    return answer(request, reply, checked, files);
  }

  async function checkUploadRequest(request: FastifyRequest, rawRequest: string): Promise<CheckedCall> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawRequest);
    } catch {
      throw new HttpError(400, API_MESSAGES.badMultipart);
    }
    refuseNul(parsed, rawRequest);
    const checked = await check(request, parseProxyRequest(parsed));
    if (!checked.route.uploads) throw new HttpError(400, API_MESSAGES.uploadsNotAccepted);
    await checked.route.uploads.check?.(serviceContext(request, checked, []));
    return checked;
  }
}

/** Reads a file part into memory, or returns null (and stops reading) once it passes `budget` bytes. */
async function readWithin(stream: Readable, budget: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > budget) {
      stream.destroy();
      return null;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}
