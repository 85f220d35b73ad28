/**
 * Forwarding a proxy call to a configured upstream. The URL is always the configured base URL plus
 * an already-normalised path; redirects are never followed; failures become 502, timeouts 504.
 * Garbage is a failure too: a body that is not JSON (whatever its content type says), JSON under
 * another content type, a truncated body, or one over `maxResponseBytes` (UPSTREAM_MAX_RESPONSE_BYTES; read no further).
 * `timeoutMs` bounds the whole exchange: connection, headers and body.
 */
import { API_MESSAGES } from '../../common/apiMessages';
import { APP_KEY_HEADER, type ProxyMethod } from '../../common/constants';
import { HttpError } from '../http/errors';
import type { UploadedFile } from './types';

/** Longer URLs are refused by common servers (Node's 16 KiB header limit answers 431 without a body). */
export const MAX_UPSTREAM_URL_LENGTH = 8 * 1024;

export interface UpstreamCall {
  baseUrl: string;
  /** decoded segments from normalisePath */
  segments: readonly string[];
  method: ProxyMethod;
  query: Record<string, string | number | boolean>;
  payload: unknown;
  files: UploadedFile[];
  timeoutMs: number;
  /** the most of the answer read (config UPSTREAM_MAX_RESPONSE_BYTES); more is a failed service */
  maxResponseBytes: number;
  appKey: string;
  bearer: string | null;
  useSystem: boolean;
}

export interface UpstreamAnswer {
  status: number;
  contentType: string;
  body: Buffer;
}

export function buildUpstreamUrl(baseUrl: string, segments: readonly string[], query: UpstreamCall['query']): URL {
  const base = new URL(baseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  const url = new URL(base.origin);
  url.pathname = `${basePath}/${segments.map((s) => encodeURIComponent(s)).join('/')}`;
  for (const [key, value] of Object.entries(query)) url.searchParams.append(key, String(value));
  // belt and braces: the result must still be under the configured base
  if (url.origin !== base.origin || !url.pathname.startsWith(`${basePath}/`)) throw new HttpError(400, API_MESSAGES.badPath);
  if (url.href.length > MAX_UPSTREAM_URL_LENGTH) throw new HttpError(400, API_MESSAGES.upstreamUrlTooLong);
  return url;
}

export async function callUpstream(call: UpstreamCall): Promise<UpstreamAnswer> {
  const url = buildUpstreamUrl(call.baseUrl, call.segments, call.query);
  const headers: Record<string, string> = { accept: 'application/json', [APP_KEY_HEADER]: call.appKey };
  if (call.bearer) headers.authorization = `Bearer ${call.bearer}`;
  if (call.useSystem) headers['x-use-system'] = 'true';

  let body: string | FormData | undefined;
  const hasBody = call.method !== 'GET' && call.method !== 'DELETE';
  if (call.files.length > 0) {
    const form = new FormData();
    if (call.payload !== undefined) form.append('payload', JSON.stringify(call.payload));
    for (const file of call.files) form.append(file.field, new Blob([new Uint8Array(file.data)], { type: file.mimetype }), file.filename);
    body = form;
  } else if (hasBody && call.payload !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(call.payload);
  }

  let response: Response;
  try {
    response = await fetch(url, {
      method: call.method,
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(call.timeoutMs),
    });
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') throw new HttpError(504, API_MESSAGES.upstreamTimeout);
    throw new HttpError(502, API_MESSAGES.upstreamFailed);
  }

  let buffer: Buffer;
  try {
    const declared = Number(response.headers.get('content-length') ?? '0');
    if (declared > call.maxResponseBytes) throw new Error('too large');
    buffer = await readCapped(response, call.maxResponseBytes);
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') throw new HttpError(504, API_MESSAGES.upstreamTimeout);
    throw new HttpError(502, API_MESSAGES.upstreamFailed);
  }

  // 5xx, redirects, and an upstream refusing OUR credentials (401/407: a configuration problem,
  // not the user's session) are all "the service failed"
  if (response.status >= 500 || (response.status >= 300 && response.status < 400) || response.status === 401 || response.status === 407) {
    throw new HttpError(502, API_MESSAGES.upstreamFailed);
  }
  // The SPA reads every answer as JSON (SPEC §7/§8: response.data.message): an answer that is not
  // JSON — HTML, plain text, a truncated or garbled body, JSON under another content type — is a
  // failed service, never passed on. An empty body (204, or 200 with nothing) is passed on as is.
  if (buffer.length === 0) return { status: response.status, contentType: 'application/json; charset=utf-8', body: buffer };
  if (!isJsonType(response.headers.get('content-type')) || !parsesAsJson(buffer)) {
    throw new HttpError(502, API_MESSAGES.upstreamFailed);
  }
  return { status: response.status, contentType: 'application/json; charset=utf-8', body: buffer };
}

/**
 * Reads the body, stopping (and cancelling the stream) as soon as it passes `max` bytes: an upstream
 * streaming without end never fills the server's memory. The fetch's timeout signal also covers this.
 */
async function readCapped(response: Response, max: number): Promise<Buffer> {
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  while (true) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => undefined);
      throw new Error('too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

function isJsonType(declared: string | null): boolean {
  return /^application\/([a-z.+-]*\+)?json\s*(;|$)/.test((declared ?? '').toLowerCase().trim());
}

function parsesAsJson(body: Buffer): boolean {
  try {
    JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
    return true;
  } catch {
    return false;
  }
}
