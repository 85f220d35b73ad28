/**
 * The answers Fastify and Node give before any route or hook runs: an address that does not decode
 * (`GET /api/%`), a parameter over the length limit, a failed route constraint, and a request that is
 * not HTTP at all. Left to Fastify these go out raw, without the security headers every other answer
 * carries (CSP, frame-ancestors, nosniff …) and in Fastify's own error shape. Here they get the same
 * headers, `Cache-Control: no-store` and the app's `{ message }`.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { API_MESSAGES } from '../../common/apiMessages';

type Headers = Readonly<Record<string, string | string[]>>;

/** The message and status of a framework error (Fastify codes and Node's HTTP parser codes). */
export function frameworkErrorAnswer(code: string | undefined): { status: number; message: string } {
  switch (code) {
    case 'FST_ERR_BAD_URL':
      return { status: 400, message: API_MESSAGES.badUrl };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { status: 414, message: API_MESSAGES.urlTooLong };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, message: API_MESSAGES.requestTimeout };
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, message: API_MESSAGES.headersTooLarge };
    case 'FST_ERR_ASYNC_CONSTRAINT':
      return { status: 500, message: API_MESSAGES.serverError };
    default:
      return { status: 400, message: API_MESSAGES.badHttpRequest };
  }
}

/**
 * Fastify's `frameworkErrors` and `clientErrorHandler` options. `headers` is read when an error
 * happens: the security headers are computed after the instance exists (http/securityHeaders.ts).
 */
export function frameworkErrorOptions(headers: () => Headers): Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> {
  return {
    frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
      const { status, message } = frameworkErrorAnswer(error.code);
      if (status >= 500) request.log.error({ err: error }, 'framework error');
      // the URL did not decode: it is logged by the request logger already, redacted
      void reply.code(status).headers(headers()).header('cache-control', 'no-store').type('application/json; charset=utf-8').send({ message });
    },
    clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
      // a reset connection has nobody to answer (Node's own behaviour)
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      if (socket.writable) {
        const { status, message } = frameworkErrorAnswer(error.code);
        const body = JSON.stringify({ message });
        const lines = [`HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? 'Bad Request'}`];
        for (const [name, value] of Object.entries(headers())) for (const one of [value].flat()) lines.push(`${name}: ${one}`);
        lines.push('cache-control: no-store', 'content-type: application/json; charset=utf-8', `content-length: ${Buffer.byteLength(body)}`, 'connection: close');
        socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
      }
      socket.destroy(error);
    },
  };
}
