/**
 * The security headers (CSP, frame, referrer, HSTS, …) as @fastify/helmet writes them, computed
 * once at start-up and written by one hook: @fastify/helmet calls `helmet(options)` on
 * EVERY request, which validates and re-parses the CSP directives and dashifies their names each
 * time (about 5 % of a catalog read in a CPU profile). The values still come from @fastify/helmet
 * with the same options: a throw-away Fastify instance answers one request with the headers helmet
 * set, and every real answer gets exactly those values.
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

/**
 * Registers an onRequest hook giving every answer helmet's headers, computed once. They go into the
 * reply's own headers (`reply.headers`), not onto the raw response as helmet writes them: Node then
 * writes them with Fastify's in one `writeHead`, instead of validating and storing each one twice
 * (`setHeader`, then `writeHead` merging Fastify's headers one by one into them), about 5 µs of
 * every answer. Fastify keeps a reply's headers on its error answers and 404s (only the
 * content type and length are replaced) and copies them onto a streamed answer (static files), so
 * every answer still carries them; names go out in lower case, as Fastify writes its own. Returns
 * them for the answers no hook sees (http/frameworkErrors.ts).
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions): Promise<Readonly<Record<string, string | string[]>>> {
  const headers: Readonly<Record<string, string | string[]>> = Object.freeze(
    Object.fromEntries((await helmetHeaders(options)).map(([name, value]) => [name.toLowerCase(), value])),
  );
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  return headers;
}
