/**
 * The security headers (CSP, frame, referrer, HSTS, …) as @fastify/helmet writes them, computed
 * once at start-up and written by one hook (issue #9): @fastify/helmet calls `helmet(options)` on
 * EVERY request, which validates and re-parses the CSP directives and dashifies their names each
 * time (about 5 % of a catalog read in a CPU profile). The values still come from @fastify/helmet
 * with the same options: a throw-away Fastify instance answers one request with the headers helmet
 * set, and every real answer gets exactly those, in the same order and spelling.
 */
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

export type HeaderList = ReadonlyArray<readonly [string, string | string[]]>;

/** The headers @fastify/helmet sets on an answer with these options (names as helmet spells them). */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<HeaderList> {
  const probe = Fastify({ logger: false });
  try {
    await probe.register(fastifyHelmet, options);
    // the handler runs after helmet's onRequest hooks and before Fastify writes its own headers,
    // so the raw response holds exactly what helmet set
    probe.get('/', (_request, reply) => {
      const raw = reply.raw;
      return (raw as unknown as { getRawHeaderNames(): string[] }).getRawHeaderNames().map((name) => {
        const value = raw.getHeader(name);
        return [name, Array.isArray(value) ? value : String(value)];
      });
    });
    const response = await probe.inject({ method: 'GET', url: '/' });
    if (response.statusCode !== 200) throw new Error(`could not compute the security headers: ${response.statusCode} ${response.body}`);
    return Object.freeze(JSON.parse(response.body) as [string, string | string[]][]);
  } finally {
    await probe.close();
  }
}

/** Registers an onRequest hook writing helmet's headers, computed once, on every answer. */
export async function registerSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions): Promise<void> {
  const headers = await helmetHeaders(options);
  // on the raw response, as helmet does: they stay on every answer, errors and 404s included
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    done();
  });
}
