/**
 * What the request log writes about a request and an error, without the secrets some addresses
 * carry (common/redact.ts): password-reset and certificate codes, invitation tokens, registration
 * keys. Fastify logs every request's URL at the default level ("incoming request"), and error
 * messages may quote the address (a URL that does not decode), so both go through the redactor.
 */
import type { FastifyError, FastifyRequest, FastifyServerOptions } from 'fastify';
import { redactText, redactUrl } from '../../common/redact';

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
  err(error: FastifyError): SerializedError {
    const serialized: SerializedError = {
      type: error.constructor?.name ?? 'Error',
      message: redactText(String(error.message ?? '')),
      stack: redactText(String(error.stack ?? '')),
    };
    if (error.code !== undefined) serialized.code = error.code;
    if (error.statusCode !== undefined) serialized.statusCode = error.statusCode;
    const url = (error as { url?: unknown }).url;
    if (typeof url === 'string') serialized.url = redactUrl(url);
    return serialized;
  },
};

/** The app's logger option with the redacting serializers (false stays false). */
export function withRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...logSerializers, ...(options as { serializers?: object }).serializers } };
}
