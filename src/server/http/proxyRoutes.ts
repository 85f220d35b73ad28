/**
 * SPEC §7 backend proxy: POST /api/service, /api/service/:name and /api/service/multipart.
 * One request shape, validated here; routed once by the registry to an in-process route or
 * to the configured upstream.
 */
import { createHash } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ValidationError } from 'yup';
import { API_MESSAGES } from '../../common/apiMessages';
import { DEFAULT_SERVICE, PROXY_MAX_TIMEOUT_MS, PROXY_METHODS, TIMEOUTS, type ProxyMethod } from '../../common/constants';
import { hasPermission } from '../../common/permissions';
import type { SessionIdentity } from '../../common/types';
import { matchPattern, normalisePath } from '../services/paths';
import type { ServiceRegistry } from '../services/registry';
import { Result, type ServiceModule, type ServiceRoute, type UploadedFile } from '../services/types';
import { callUpstream } from '../services/upstream';
import { authenticate, bearerToken, requireAppKey } from './authenticate';
import type { AppContext } from './context';
import { HttpError } from './errors';
import { refuseNul } from './input';

export const MULTIPART_LIMITS = { fileSize: 10 * 1024 * 1024, files: 5, fields: 10, fieldSize: 1024 * 1024, parts: 20 } as const;
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

function findRoute(module: ServiceModule, method: ProxyMethod, segments: string[]): { route: ServiceRoute; params: Record<string, string> } {
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

function checkAccess(route: ServiceRoute, identity: SessionIdentity | null, useSystem: boolean): void {
  const systemAllowed = route.access === 'system' || route.allowSystem === true;
  if (useSystem && !systemAllowed) throw new HttpError(403, API_MESSAGES.systemNotAllowed);
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

function serialise(result: object): { json: string; etag: string } {
  let kept = serialised.get(result);
  if (!kept) {
    const json = JSON.stringify(result);
    kept = { json, etag: `W/"${createHash('sha1').update(json).digest('base64url')}"` };
    if (Object.isFrozen(result)) serialised.set(result, kept);
  }
  return kept;
}

/**
 * A read's answer with a weak ETag of its JSON (issue #9: catalog tree, sections, articles…);
 * 304 without a body when the caller's If-None-Match already names it. The answer stays
 * `Cache-Control: no-store` (personal data): the ETag serves a client that keeps the last answer
 * itself and revalidates, across instances too (same content, same tag). A frozen answer (one a
 * read cache keeps, deep-frozen) is serialised once.
 */
export function sendWithEtag(request: FastifyRequest, reply: FastifyReply, result: object): FastifyReply {
  const { json, etag } = serialise(result);
  reply.header('etag', etag);
  const ifNoneMatch = request.headers['if-none-match'];
  if (typeof ifNoneMatch === 'string' && ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) {
    return reply.code(304).send();
  }
  return reply.code(200).type('application/json; charset=utf-8').send(json);
}

export async function proxyRoutes(app: FastifyInstance, ctx: AppContext, registry: ServiceRegistry): Promise<void> {
  async function dispatch(request: FastifyRequest, reply: FastifyReply, call: ParsedProxyRequest, files: UploadedFile[]) {
    const appKey = requireAppKey(ctx, request);
    const resolved = registry.resolve(call.service);
    if (!resolved) throw new HttpError(404, API_MESSAGES.unknownService(call.service));
    // a token, when sent, must be good; without one the caller is anonymous
    const authenticated = request.headers.authorization ? await authenticate(ctx, request) : null;
    const identity = authenticated?.identity ?? null;

    if (resolved.binding.kind === 'upstream') {
      const answer = await callUpstream({
        baseUrl: resolved.binding.baseUrl,
        segments: call.segments,
        method: call.method,
        query: call.query,
        payload: call.payload,
        files,
        // the call's own timeout, bounded by UPSTREAM_TIMEOUT_MS
        timeoutMs: Math.min(call.timeout, ctx.config.upstreamTimeoutMs),
        maxResponseBytes: ctx.config.upstreamMaxResponseBytes,
        appKey,
        bearer: identity ? bearerToken(request) : null,
        useSystem: call.useSystem,
      });
      return reply.code(answer.status).type(answer.contentType).send(answer.body);
    }

    const { route, params } = findRoute(resolved.binding.module, call.method, call.segments);
    checkAccess(route, identity, call.useSystem);
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
    const result = await route.handler({
      identity,
      system: call.useSystem,
      params,
      query: call.query,
      payload,
      files,
      db: ctx.db,
      config: ctx.config,
      clock: ctx.clock,
      mailer: ctx.mailer,
      log: request.log,
      ip: request.ip,
      appKey,
      sessionId: authenticated?.session.id ?? null,
    });
    if (result instanceof Result) {
      return result.body === undefined ? reply.code(result.status).send() : reply.code(result.status).send(result.body);
    }
    if (result === undefined) return reply.code(204).send();
    // JSON answers (objects, arrays) get a tag; anything else goes out as Fastify sends it
    if (call.method === 'GET' && typeof result === 'object' && result !== null && (Array.isArray(result) || Object.getPrototypeOf(result) === Object.prototype)) return sendWithEtag(request, reply, result);
    return reply.code(200).send(result);
  }

  app.post('/api/service', async (request, reply) => dispatch(request, reply, parseProxyRequest(request.body), []));

  app.post<{ Params: { name: string } }>('/api/service/:name', async (request, reply) =>
    dispatch(request, reply, parseProxyRequest(request.body, request.params.name), []),
  );

  // Uploads have a scope of their own: @fastify/multipart's parser and its per-request hooks (an
  // onRequest adding a 'close' listener, an onResponse cleaning saved files) serve this one route,
  // not every answer; a multipart body sent anywhere else is 415 Unsupported Media Type.
  await app.register(async (uploads) => {
    await uploads.register(fastifyMultipart, { limits: MULTIPART_LIMITS });
    uploads.post('/api/service/multipart', async (request, reply) => {
      requireAppKey(ctx, request); // before reading any upload
      let rawRequest: string | undefined;
      const files: UploadedFile[] = [];
      try {
        for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
          if (part.type === 'file') {
            files.push({ field: part.fieldname, filename: part.filename, mimetype: part.mimetype, data: await part.toBuffer() });
          } else if (part.fieldname === 'request' && typeof part.value === 'string') {
            rawRequest = part.value;
          }
        }
      } catch (error) {
        // limits (413) and "not multipart" (406) carry their status; busboy's own parse errors
        // (no boundary, a malformed part header, a form cut short) are the client's: 400
        if (typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
        request.log.info({ err: error }, 'unreadable multipart form');
        throw new HttpError(400, API_MESSAGES.badMultipartForm);
      }
      if (rawRequest === undefined) throw new HttpError(400, API_MESSAGES.badMultipart);
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawRequest);
      } catch {
        throw new HttpError(400, API_MESSAGES.badMultipart);
      }
      refuseNul(parsed, rawRequest);
      return dispatch(request, reply, parseProxyRequest(parsed), files);
    });
  });
}
