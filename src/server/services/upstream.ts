/**
 * Forwarding a proxy call to a configured upstream. The URL is always the configured base URL plus
 * an already-normalised path; redirects are never followed; failures become 502, timeouts 504.
 */
import { API_MESSAGES } from '../../common/apiMessages';
import { APP_KEY_HEADER, type ProxyMethod } from '../../common/constants';
import { HttpError } from '../http/errors';
import type { UploadedFile } from './types';

export const MAX_UPSTREAM_RESPONSE_BYTES = 10 * 1024 * 1024;
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
    if (declared > MAX_UPSTREAM_RESPONSE_BYTES) throw new Error('too large');
    buffer = Buffer.from(await response.arrayBuffer());
    if (buffer.length > MAX_UPSTREAM_RESPONSE_BYTES) throw new Error('too large');
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
  return { status: response.status, contentType: safeContentType(response.headers.get('content-type')), body: buffer };
}

/** Only JSON and plain text are passed on as such: an upstream can never serve HTML from our origin. */
function safeContentType(declared: string | null): string {
  const type = (declared ?? '').toLowerCase();
  if (/^application\/([a-z.+-]*\+)?json\b/.test(type)) return 'application/json; charset=utf-8';
  if (type.startsWith('text/')) return 'text/plain; charset=utf-8';
  return 'application/octet-stream';
}
