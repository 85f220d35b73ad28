// react-router needs TextEncoder/TextDecoder, which jsdom does not provide.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });

/**
 * jsdom has no fetch `Request`, which react-router's data router builds for every navigation (it is
 * only handed to loaders; this app has none). A minimal stand-in, installed only when missing.
 */
class MinimalRequest {
  readonly url: string;
  readonly method: string;
  readonly signal: AbortSignal | undefined;
  readonly headers: Map<string, string>;
  readonly body: unknown;
  constructor(input: string | URL | { url: string }, init: { method?: string; signal?: AbortSignal; body?: unknown } = {}) {
    this.url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    this.method = (init.method ?? 'GET').toUpperCase();
    this.signal = init.signal;
    this.headers = new Map();
    this.body = init.body ?? null;
  }
}

if (typeof (globalThis as { Request?: unknown }).Request === 'undefined') {
  Object.assign(globalThis, { Request: MinimalRequest });
}
