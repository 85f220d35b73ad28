/**
 * Service calls as an API test makes them: `call` answers the raw response, `ok` the body of a 2xx
 * (else it throws with the status and body), `refused` checks a refusal's status and message. Each
 * call comes from its own IP in the file's subnet (10.N.x.y), so per-IP rate limits never couple
 * the tests of one file, nor the files.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { messageOf, serviceCall } from './testApp';

export function serviceClient(app: () => FastifyInstance, subnet: number) {
  let ip = 0;
  const call = (token: string | null, method: string, p: string, payload?: unknown, params?: Record<string, unknown>) =>
    serviceCall(app(), method, p, { token, payload, params, ip: `10.${subnet}.${Math.floor(++ip / 250)}.${ip % 250}` });
  async function ok<T>(token: string, method: string, p: string, payload?: unknown, params?: Record<string, unknown>): Promise<T> {
    const res = await call(token, method, p, payload, params);
    if (res.statusCode >= 300) throw new Error(`${method} ${p}: ${res.statusCode} ${res.body}`);
    return (res.body ? res.json() : undefined) as T;
  }
  return { call, ok };
}

export function refused(res: LightMyRequestResponse, status: number, message?: string): void {
  expect({ status: res.statusCode, message: messageOf(res) }).toEqual({ status, message: message ?? expect.any(String) });
}
